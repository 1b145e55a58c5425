// The app shell as a new user meets it: tabs that keep 首页 and tell two records apart, detail
// pages that say why a record cannot be shown, and a sidebar that knows where a detail page belongs.
import assert from 'node:assert/strict';
import { api, describe, expect, loginThroughPage, shot, test } from '../support/fixtures.mjs';

async function apiSession(base, username, password = 'Demo@2026') {
  const res = await api(base, '/api/v2/fm/login/public/login/web', { username, password });
  assert.equal(res.code, 0, `login ${username}: ${res.message}`);
  return { token: res.data.token, userId: res.data.userId };
}

/** The staff id of a demo person, as the company's 总经理 sees it. */
async function staffId(base, realName) {
  const boss = await apiSession(base, 'boss');
  const res = await api(base, '/api/v1/fm/staff/list', { pageNum: 1, pageSize: 10, realName }, boss);
  assert.equal(res.code, 0, res.message);
  const row = res.data.list.find((staff) => staff.realName === realName);
  assert.ok(row, `${realName} is in the demo data`);
  return row.id;
}

const tabTitles = (page) =>
  page
    .getByTestId('tabs-bar')
    .locator('[data-tab-path]')
    .evaluateAll((els) => els.map((e) => e.textContent));

describe('tabs and sidebar', () => {
  test('two 员工详情 tabs carry their people’s names and the sidebar lights 门店员工', async ({ page, base }) => {
    const me = await staffId(base, '王建国');
    const colleague = await staffId(base, '李晓峰');
    await loginThroughPage(page, base, 'manager');
    await page.waitForURL('**/work/**');
    await page.goto(`${base}/work/store/userInfo/${me}`);
    await page.getByTestId('staff-detail').getByText('王建国').first().waitFor();
    await page.goto(`${base}/work/store/userInfo/${colleague}`);
    await page.getByTestId('staff-detail').getByText('李晓峰').first().waitFor();
    await page.getByTestId('tabs-bar').getByText('李晓峰 · 员工详情').waitFor();
    assert.deepEqual(await tabTitles(page), ['首页', '王建国 · 员工详情', '李晓峰 · 员工详情']);
    const selected = page.getByTestId('sidebar').locator('.arco-menu-item.arco-menu-selected');
    assert.equal((await selected.innerText()).trim(), '门店员工');
    await shot(page, 'staff-detail-tabs');
  });
});

describe('tab titles', () => {
  test('a long title ends in … within the 150 px tab and shows whole in its tooltip', async ({ page, base }) => {
    const manager = await apiSession(base, 'manager');
    const stores = await api(base, '/api/v1/fm/org/store/options', {}, manager);
    const suffix = String(Date.now()).slice(-6);
    const realName = `司马${suffix}${'远'.repeat(20)}`;
    const added = await api(
      base,
      '/api/v1/fm/staff/add',
      {
        username: `tab${suffix}`,
        password: 'Clerk@2026',
        realName,
        mobile: `136${suffix}07`,
        storeId: stores.data.find((store) => store.name === '西湖店').id,
        roleIds: [],
      },
      manager,
    );
    assert.equal(added.code, 0, added.message);
    await loginThroughPage(page, base, 'manager');
    await page.waitForURL('**/work/**');
    await page.goto(`${base}/work/store/userInfo/${added.data.id}`);
    const path = `/work/store/userInfo/${added.data.id}`;
    const title = page.getByTestId('tabs-bar').locator(`[data-tab-path="${path}"]`);
    await expect(title).toHaveAttribute('title', `${realName} · 员工详情`);
    const tab = page
      .getByTestId('tabs-bar')
      .locator('.arco-tabs-header-title')
      .filter({ has: page.locator(`[data-tab-path="${path}"]`) });
    const width = (await tab.boundingBox()).width;
    assert.ok(width <= 150, `the tab is ${width}px wide`);
    assert.ok(await title.evaluate((el) => el.scrollWidth > el.clientWidth), 'the title is cut');
    assert.equal(await title.evaluate((el) => getComputedStyle(el).textOverflow), 'ellipsis');
    // Short titles keep their natural width.
    const home = page.getByTestId('tabs-bar').locator('[data-tab-path]').first();
    assert.ok(await home.evaluate((el) => el.scrollWidth <= el.clientWidth), '首页 is whole');
    await shot(page, 'tab-title-ellipsis');
  });
});

describe('a record that cannot be shown', () => {
  test('an unknown id and another store’s person say why, then offer 返回列表', async ({ page, base }) => {
    const otherStore = await staffId(base, '孙丽');
    await loginThroughPage(page, base, 'manager');
    await page.waitForURL('**/work/**');

    await page.goto(`${base}/work/store/userInfo/999999`);
    await page.locator('.arco-message').getByText('数据不存在或已被删除').waitFor();
    const error = page.getByTestId('detail-error');
    await error.getByText('数据不存在或已被删除').waitFor();
    assert.equal(await page.locator('.page-loading').count(), 0, 'no spinner beside the error');
    await shot(page, 'detail-missing');
    await error.getByText('返回列表').click();
    await page.waitForURL('**/work/store/staff*');
    await page.getByTestId('staff-list').waitFor();

    await page.goto(`${base}/work/store/userInfo/${otherStore}`);
    await page.getByTestId('detail-error').getByText('无权限访问该数据').waitFor();

    await page.goto(`${base}/work/enterprise/roleSetting/999999`);
    await page.getByTestId('detail-error').waitFor();
    await page.getByTestId('detail-error').getByText('返回列表').click();
    await page.waitForURL('**/work/enterprise/role*');
  });

  test('a made-up id’s tab keeps its own title when switched to from a real record’s tab', async ({ page, base }) => {
    const me = await staffId(base, '王建国');
    await loginThroughPage(page, base, 'manager');
    await page.waitForURL('**/work/**');
    await page.goto(`${base}/work/store/userInfo/${me}`);
    await page.getByTestId('staff-detail').getByText('王建国').first().waitFor();
    await page.goto(`${base}/work/store/userInfo/999999`);
    await page.getByTestId('detail-error').waitFor();
    const tabs = page.getByTestId('tabs-bar');
    await tabs.locator(`[data-tab-path="/work/store/userInfo/${me}"]`).click();
    await page.getByTestId('staff-detail').getByText('王建国').first().waitFor();
    assert.equal(await page.getByTestId('detail-error').count(), 0, 'the real record shows, not the other tab’s error');
    await tabs.locator('[data-tab-path="/work/store/userInfo/999999"]').click();
    await page.getByTestId('detail-error').getByText('数据不存在或已被删除').waitFor();
    assert.equal(await page.getByTestId('staff-detail').count(), 0);
    assert.deepEqual(await tabTitles(page), ['首页', '王建国 · 员工详情', '员工详情']);
  });

  test('a company that does not exist shows the error state in the city centre', async ({ page, base }) => {
    await loginThroughPage(page, base, 'city');
    await page.waitForURL('**/coc/**');
    await page.goto(`${base}/coc/company/brokerageDetail/999999`);
    await page.getByTestId('detail-error').getByText('数据不存在或已被删除').waitFor();
    await page.getByTestId('detail-error').getByText('返回列表').click();
    await page.waitForURL('**/coc/company/index*');
  });
});

describe('the staff table at 1280 and 1440 px', () => {
  test('every column shows beside a narrow 操作, a 50-character name is clipped with a tooltip, status actions sit under 更多', async ({ page, base }) => {
    const manager = await apiSession(base, 'manager');
    const stores = await api(base, '/api/v1/fm/org/store/options', {}, manager);
    const suffix = String(Date.now()).slice(-6);
    const realName = `欧阳${suffix}${'长'.repeat(50 - 2 - suffix.length)}`;
    assert.equal([...realName].length, 50);
    const added = await api(
      base,
      '/api/v1/fm/staff/add',
      {
        username: `long${suffix}`,
        password: 'Clerk@2026',
        realName,
        mobile: `137${suffix}04`,
        storeId: stores.data.find((store) => store.name === '西湖店').id,
        roleIds: [],
      },
      manager,
    );
    assert.equal(added.code, 0, added.message);
    // Locked, so its 状态 reads 已锁定, the widest status there is.
    const locked = await api(base, '/api/v1/fm/staff/changeStatus', { id: added.data.id, action: 'lock' }, manager);
    assert.equal(locked.code, 0, locked.message);

    await loginThroughPage(page, base, 'manager');
    await page.waitForURL('**/work/**');
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}/work/store/staff`);
      const list = page.getByTestId('staff-list');
      const row = list.locator('[data-row-id]').filter({ hasText: `欧阳${suffix}` });
      await row.waitFor();
      // No sideways scrolling: the table fits its page.
      const scrolls = await list.locator('.arco-table').evaluate((table) =>
        [table, ...table.querySelectorAll('*')].some((el) => {
          const overflow = getComputedStyle(el).overflowX;
          return (overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1;
        }),
      );
      assert.ok(!scrolls, `${width} px: the table scrolls sideways`);
      const actions = row.locator('td').last();
      const edge = (await actions.boundingBox()).x;
      const cells = row.locator('td');
      const count = await cells.count();
      // Every cell but 操作 ends before the fixed 操作 column starts, and shows its text whole
      // unless it is the clipped name.
      for (let i = 0; i < count - 1; i += 1) {
        const box = await cells.nth(i).boundingBox();
        assert.ok(box.x + box.width <= edge + 1, `${width} px: column ${i + 1} reaches under 操作`);
      }
      const status = cells.nth(count - 3);
      assert.equal((await status.innerText()).trim(), '已锁定');
      assert.ok(await status.evaluate((td) => td.scrollWidth <= td.clientWidth), `${width} px: 状态 is not cut`);
      // 入职日期 of the people who have one (王建国's row) is shown whole, on one line.
      const dated = list.locator('[data-row-id]').filter({ hasText: '王建国' }).locator('td');
      const date = dated.nth((await dated.count()) - 2);
      assert.match(await date.innerText(), /^\d{4}-\d{2}-\d{2}$/);
      assert.ok(await date.evaluate((td) => td.scrollWidth <= td.clientWidth), `${width} px: 入职日期 is not cut`);
      const dateBox = await date.boundingBox();
      assert.ok(dateBox.x + dateBox.width <= edge + 1, `${width} px: 入职日期 ends before 操作`);
      const name = cells.first();
      assert.ok((await name.boundingBox()).height < 60, 'the long name stays on one line');
      await shot(page, `staff-table-${width}`);
    }
    const row = page.getByTestId('staff-list').locator('[data-row-id]').filter({ hasText: `欧阳${suffix}` });
    await row.locator('td').first().locator('.clipped-text').hover();
    await page.locator('.arco-tooltip-content').getByText(realName).waitFor();

    // The status actions are in the row's 更多 menu, each named with the row's person.
    await row.getByRole('button', { name: `更多 ${realName}` }).click();
    const unlock = page.getByRole('menuitem', { name: `解锁 ${realName}` });
    await unlock.waitFor();
    assert.equal(await page.getByRole('menuitem', { name: `锁定 ${realName}` }).count(), 0, 'no 锁定 on a locked row');
    await shot(page, 'staff-row-more');
    await unlock.click();
    const dialog = page.locator('.arco-modal:visible');
    await dialog.getByText(`解锁 · ${realName}`).waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});

/** Every organisation list page of the manager's workspace with a 新增 dialog. */
const ORG_LISTS = [
  '/work/store/staff',
  '/work/enterprise/store',
  '/work/enterprise/organograma',
  '/work/enterprise/station',
  '/work/enterprise/role',
  '/work/enterprise/dictionary',
];

describe('element ids', () => {
  test('a list page with its 新增 dialog open has no id twice', async ({ page, base }) => {
    await loginThroughPage(page, base, 'manager');
    await page.waitForURL('**/work/**');
    for (const path of ORG_LISTS) {
      await page.goto(`${base}${path}`);
      await page.locator('[data-testid$="-add"]').first().click();
      const modal = page.locator('.arco-modal:visible');
      await modal.getByTestId('form-submit').waitFor();
      const repeated = await page.evaluate(() => {
        const seen = new Map();
        for (const el of document.querySelectorAll('[id]')) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
        return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
      });
      assert.deepEqual(repeated, [], `${path}: ids used twice`);
      await modal.getByRole('button', { name: '取消' }).click();
      await modal.waitFor({ state: 'hidden' });
    }
  });
});

describe('dialogs in a narrow window', () => {
  test('at 800 × 600 every 新增 dialog fits with 确定 visible and opens without errors', async ({ page, base }) => {
    await page.setViewportSize({ width: 800, height: 600 });
    await loginThroughPage(page, base, 'manager');
    await page.waitForURL('**/work/**');
    for (const path of ORG_LISTS) {
      await page.goto(`${base}${path}`);
      const add = page.locator('[data-testid$="-add"]').first();
      await add.click();
      const modal = page.locator('.arco-modal:visible');
      await modal.waitFor();
      const box = await modal.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= 800, `${path}: the dialog is wider than the window`);
      const ok = page.getByTestId('form-submit');
      await ok.waitFor();
      const okBox = await ok.boundingBox();
      assert.ok(okBox.y >= 0 && okBox.y + okBox.height <= 600, `${path}: 确定 is outside the window`);
      assert.equal(await modal.locator('.arco-form-message:visible').count(), 0, `${path}: an error shows on opening`);
      assert.equal(await page.locator('.arco-message-error').count(), 0, `${path}: an error toast on opening`);
      if (path === '/work/store/staff') await shot(page, 'staff-add-800');
      await modal.getByRole('button', { name: '取消' }).click();
      await modal.waitFor({ state: 'hidden' });
    }
  });
});

describe('keyboard', () => {
  test('Esc closes an open tree select first and the dialog only on a second Esc', async ({ page, base }) => {
    await loginThroughPage(page, base, 'manager');
    await page.waitForURL('**/work/**');
    await page.goto(`${base}/work/enterprise/organograma`);
    await page.locator('[data-testid$="-add"]').first().click();
    const modal = page.locator('.arco-modal:visible');
    await modal.waitFor();
    await page.getByTestId('field-parentId').click();
    const popup = page.locator('.arco-tree-select-popup:visible');
    await popup.waitFor();
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });
    assert.ok(await modal.isVisible(), 'the first Esc keeps the dialog');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
  });

  test('an Esc after choosing in a closed select keeps the dialog and what was typed', async ({ page, base }) => {
    await loginThroughPage(page, base, 'manager');
    await page.waitForURL('**/work/**');
    await page.goto(`${base}/work/store/staff`);
    await page.getByTestId('staff-add').click();
    const modal = page.locator('.arco-modal:visible');
    await page.getByTestId('field-realName').fill('周末');
    await page.getByTestId('field-storeId').click();
    await page.locator('.arco-select-popup:visible').getByText('西湖店', { exact: true }).click();
    await page.keyboard.press('Escape');
    assert.ok(await modal.isVisible(), 'one Esc on the select keeps the dialog');
    assert.equal(await page.getByTestId('field-realName').inputValue(), '周末');
    // The next Esc is the dialog's: with 周末 typed, it asks before anything is lost.
    await page.keyboard.press('Escape');
    const discard = page.locator('.arco-modal', { hasText: '放弃修改？' });
    await discard.getByRole('button', { name: '取消' }).click();
    await expect(discard).toHaveCount(0);
    assert.equal(await page.getByTestId('field-realName').inputValue(), '周末');
    await page.keyboard.press('Escape');
    await discard.getByTestId('discard-ok').click();
    // The question and the dialog under it both go.
    await expect(page.locator('.arco-modal:visible')).toHaveCount(0);
  });

  test('the department tree of 新增员工 opens, moves and chooses from the keyboard', async ({ page, base }) => {
    await loginThroughPage(page, base, 'manager');
    await page.waitForURL('**/work/**');
    await page.goto(`${base}/work/store/staff`);
    await page.getByTestId('staff-add').click();
    await page.locator('.arco-modal:visible').waitFor();
    const department = page.getByTestId('field-departmentId');
    const popup = page.locator('.arco-tree-select-popup:visible');
    // 紧急联系电话, then 所属门店 (西湖店 already), then 所属部门.
    await page.getByTestId('field-emergencyMobile').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(department).toBeFocused();
    await page.keyboard.press('Enter');
    await popup.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await popup.waitFor({ state: 'hidden' });
    await expect(department).toHaveText('销售二部');
    await expect(department).toBeFocused();
    // Opened by ↓ this time, it starts on the chosen node; ↑ and Enter change the choice.
    await page.keyboard.press('ArrowDown');
    await popup.waitFor();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(department).toHaveText('销售一部');
    await page.keyboard.press('Tab');
    await expect(page.locator('.arco-form-item', { hasText: '岗位' }).locator('input')).toBeFocused();
  });

  test('Shift+Tab in 新增员工 goes back through every field, selects included', async ({ page, base }) => {
    await loginThroughPage(page, base, 'manager');
    await page.waitForURL('**/work/**');
    await page.goto(`${base}/work/store/staff`);
    await page.getByTestId('staff-add').click();
    await page.locator('.arco-modal:visible').waitFor();
    const label = () =>
      page.evaluate(() => document.activeElement?.closest('.arco-form-item')?.querySelector('label')?.textContent?.trim());
    await page.getByTestId('field-entryDate').focus();
    const visited = [];
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press('Shift+Tab');
      visited.push(await label());
    }
    assert.deepEqual(visited, ['婚姻状况', '学历', '银行卡号', '身份证号', '性别', '手机号码', '姓名']);
  });

  test('tabbing through the empty login form says nothing until the first 登录', async ({ page, base }) => {
    await page.goto(`${base}/login`);
    await page.getByTestId('login-username').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.equal(await page.locator('.arco-form-message:visible').count(), 0, 'no error before 登录');
    await page.getByTestId('login-submit').click();
    await page.getByText('请输入用户名').first().waitFor();
  });
});

describe('a locked account', () => {
  test('its open session ends with 账号已被锁定, and the notice leaves at the next attempt', async ({ page, base }) => {
    const manager = await apiSession(base, 'manager');
    const stores = await api(base, '/api/v1/fm/org/store/options', {}, manager);
    const suffix = String(Date.now()).slice(-6);
    const username = `locked${suffix}`;
    const password = 'Clerk@2026';
    // The agent's role, so the new person has a menu to work in.
    const roles = await api(base, '/api/v1/fm/role/list', { pageNum: 1, pageSize: 50 }, manager);
    assert.equal(roles.code, 0, roles.message);
    const agentRole = roles.data.list.find((role) => role.name === '经纪人');
    assert.ok(agentRole, 'the demo store has a 经纪人 role');
    const added = await api(
      base,
      '/api/v1/fm/staff/add',
      {
        username,
        password,
        realName: `锁定${suffix}`,
        mobile: `135${suffix}05`,
        storeId: stores.data.find((store) => store.name === '西湖店').id,
        roleIds: [agentRole.id],
      },
      manager,
    );
    assert.equal(added.code, 0, added.message);

    await loginThroughPage(page, base, username, password);
    await page.waitForURL('**/work/**');
    const locked = await api(base, '/api/v1/fm/staff/changeStatus', { id: added.data.id, action: 'lock' }, manager);
    assert.equal(locked.code, 0, locked.message);

    await page.reload();
    await page.waitForURL('**/login');
    const notice = page.getByTestId('login-expired');
    await notice.getByText('账号已被锁定').waitFor();
    assert.equal(await page.getByText('登录已过期').count(), 0);
    await shot(page, 'locked-session');

    // The next attempt's own answer stands alone.
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.locator('.arco-message').getByText('账号已被锁定').waitFor();
    assert.equal(await notice.count(), 0, 'the notice of the ended session is gone');
  });
});

describe('the site switcher', () => {
  test('is hidden with one site, and a new city site appears in it without logging in again', async ({ browser, page, base }) => {
    await loginThroughPage(page, base, 'manager');
    await page.waitForURL('**/work/**');
    await page.getByTestId('sidebar').waitFor();
    assert.equal(await page.getByTestId('site-switcher').count(), 0, 'one site: no switcher');

    const context = await browser.newContext();
    const admin = await context.newPage();
    await loginThroughPage(admin, base, 'admin');
    await admin.waitForURL('**/adminConfig/**');
    await admin.goto(`${base}/adminConfig/citySite`);
    const suffix = String(Date.now()).slice(-5);
    await admin.getByTestId('citySite-add').click();
    await admin.getByTestId('field-name').fill(`绍兴${suffix}`);
    await admin.getByTestId('field-code').fill(`sx${suffix}`);
    await admin.getByTestId('form-submit').click();
    await admin.locator('[data-row-id]').filter({ hasText: `绍兴${suffix}` }).waitFor();
    await admin.getByTestId('site-switcher').click();
    await admin.locator('.arco-select-popup:visible').getByText(`绍兴${suffix}`).waitFor();
    await context.close();
  });
});

describe('pagination', () => {
  test('sits right under a short table, not at the bottom of the window', async ({ page, base }) => {
    await loginThroughPage(page, base, 'manager');
    await page.waitForURL('**/work/**');
    await page.goto(`${base}/work/enterprise/station`);
    const list = page.locator('.list-page');
    await list.locator('[data-row-id]').first().waitFor();
    const table = await list.locator('.arco-table').boundingBox();
    const bar = await list.getByTestId('pagination').boundingBox();
    const gap = bar.y - (table.y + table.height);
    assert.ok(gap >= 0 && gap <= 32, `the bar is ${gap}px below its table`);
    assert.ok(bar.y + bar.height < 900 - 100, 'the bar is not pinned to the window bottom');
    await shot(page, 'pagination-under-table');
  });
});

describe('a narrow window', () => {
  test('at 800 px the sidebar starts collapsed, and its toggle opens and closes it from the keyboard', async ({ page, base }) => {
    await page.setViewportSize({ width: 800, height: 600 });
    await loginThroughPage(page, base, 'manager');
    await page.waitForURL('**/work/**');
    const sider = page.locator('.app-sidebar');
    await sider.waitFor();
    await expect(sider).toHaveClass(/arco-layout-sider-collapsed/);
    assert.equal(Math.round((await sider.boundingBox()).width), 48);
    const toggle = page.getByTestId('collapse-toggle');
    await expect(toggle).toHaveAttribute('aria-label', '展开菜单');
    await shot(page, 'sidebar-800');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(sider).not.toHaveClass(/arco-layout-sider-collapsed/);
    await expect(toggle).toHaveAttribute('aria-label', '收起菜单');
    await page.keyboard.press('Space');
    await expect(sider).toHaveClass(/arco-layout-sider-collapsed/);
    // A wide window shows it open again: the narrow window changed no kept choice.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(sider).not.toHaveClass(/arco-layout-sider-collapsed/);
  });
});

describe('logging in from a link', () => {
  test('a page asked for while logged out is where the login lands', async ({ page, base }) => {
    await page.goto(`${base}/work/store/staff`);
    await page.waitForURL('**/login');
    await page.getByTestId('login-username').fill('manager');
    await page.getByTestId('login-password').fill('Demo@2026');
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/work/store/staff');
    await page.getByTestId('staff-list').locator('[data-row-id]').first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/work/store/staff');
  });
});
