// The app shell as a new user meets it: tabs that keep 首页 and tell two records apart, detail
// pages that say why a record cannot be shown, and a sidebar that knows where a detail page belongs.
import assert from 'node:assert/strict';
import { api, describe, loginThroughPage, shot, test } from '../support/fixtures.mjs';

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
    await page.getByTestId('tabs-bar').getByText('员工详情 · 李晓峰').waitFor();
    assert.deepEqual(await tabTitles(page), ['首页', '员工详情 · 王建国', '员工详情 · 李晓峰']);
    const selected = page.getByTestId('sidebar').locator('.arco-menu-item.arco-menu-selected');
    assert.equal((await selected.innerText()).trim(), '门店员工');
    await shot(page, 'staff-detail-tabs');
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

  test('a company that does not exist shows the error state in the city centre', async ({ page, base }) => {
    await loginThroughPage(page, base, 'city');
    await page.waitForURL('**/coc/**');
    await page.goto(`${base}/coc/company/brokerageDetail/999999`);
    await page.getByTestId('detail-error').getByText('数据不存在或已被删除').waitFor();
    await page.getByTestId('detail-error').getByText('返回列表').click();
    await page.waitForURL('**/coc/company/index*');
  });
});

describe('the staff table at 1440 px', () => {
  test('a 50-character name is clipped with a tooltip and 入职日期 shows whole beside 操作', async ({ page, base }) => {
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

    await loginThroughPage(page, base, 'manager');
    await page.waitForURL('**/work/**');
    await page.goto(`${base}/work/store/staff`);
    const list = page.getByTestId('staff-list');
    const row = list.locator('[data-row-id]').filter({ hasText: `欧阳${suffix}` });
    await row.waitFor();
    const actions = row.locator('td').last();
    const edge = (await actions.boundingBox()).x;
    const cells = row.locator('td');
    const count = await cells.count();
    // Every cell but 操作 ends before the fixed 操作 column starts, and shows its text whole
    // unless it is the clipped name.
    for (let i = 0; i < count - 1; i += 1) {
      const box = await cells.nth(i).boundingBox();
      assert.ok(box.x + box.width <= edge + 1, `column ${i + 1} reaches under 操作`);
    }
    // 入职日期 of the people who have one (王建国's row) is shown whole, on one line.
    const dated = list.locator('[data-row-id]').filter({ hasText: '王建国' }).locator('td');
    const date = dated.nth((await dated.count()) - 2);
    assert.match(await date.innerText(), /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(await date.evaluate((td) => td.scrollWidth <= td.clientWidth), '入职日期 is not cut');
    const dateBox = await date.boundingBox();
    assert.ok(dateBox.x + dateBox.width <= edge + 1, '入职日期 ends before 操作');
    const name = cells.first();
    assert.ok((await name.boundingBox()).height < 60, 'the long name stays on one line');
    await name.locator('.clipped-text').hover();
    await page.locator('.arco-tooltip-content').getByText(realName).waitFor();
    await shot(page, 'staff-table-1440');
  });
});
