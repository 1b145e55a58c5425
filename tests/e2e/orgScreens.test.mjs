// Organisation screens as a city operator meets them: a company's detail shows its contact masked
// like the list until 查看完整信息, a delete asks about the record by name, and the audit log
// shows what changed by name rather than as JSON of ids.
import assert from 'node:assert/strict';
import { api, describe, DEMO_PASSWORD, loginThroughPage, shot, stamp, test } from '../support/fixtures.mjs';

/** Picks an option of an Arco select by its label. */
async function choose(page, testId, label) {
  await page.getByTestId(testId).click();
  await page.locator('.arco-select-popup:visible').getByText(label, { exact: true }).first().click();
}

async function apiSession(base, username) {
  const res = await api(base, '/api/v2/fm/login/public/login/web', { username, password: DEMO_PASSWORD });
  assert.equal(res.code, 0, `login ${username}: ${res.message}`);
  return { token: res.data.token, userId: res.data.userId };
}

describe('company screens', () => {
  test('the detail masks the contact until 查看完整信息', async ({ page, site }) => {
    await loginThroughPage(page, site, 'city');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/coc/company/index`);
    await page.locator('tr', { hasText: '安居经纪' }).getByTestId('row-detail').click();
    const detail = page.getByTestId('company-detail');
    await detail.getByText('137****0001').waitFor();
    assert.equal(await detail.getByText('13700000001').count(), 0);
    await page.getByTestId('company-unmask').click();
    await detail.getByText('13700000001').waitFor();
    await shot(page, 'org-company-detail-unmasked');
  });

  test('a delete names the record it removes', async ({ page, site, base }) => {
    const name = `待删公司${stamp()}`;
    const city = await apiSession(base, 'city');
    const added = await api(base, '/api/v1/fm/org/company/add', { name, scope: 2 }, city);
    assert.equal(added.code, 0, added.message);
    await loginThroughPage(page, site, 'city');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/coc/company/index`);
    const row = page.locator('tr', { hasText: name });
    await row.getByTestId('row-delete').click();
    await page.locator('.arco-modal').getByText(`确定删除公司「${name}」吗？`).waitFor();
    await shot(page, 'org-delete-named');
    await page.getByTestId('confirm-ok').click();
    await page.getByText('删除成功').first().waitFor();
    await row.waitFor({ state: 'detached' });
  });

  test('the audit log shows a new store by its company and group names', async ({ page, site, base }) => {
    const name = `审计店${stamp()}`;
    const boss = await apiSession(base, 'boss');
    const groups = await api(base, '/api/v1/fm/org/storeGroup/list', { name: '西湖片区' }, boss);
    assert.equal(groups.code, 0, groups.message);
    const added = await api(
      base,
      '/api/v1/fm/org/store/add',
      { name, storeGroupId: groups.data.list[0].id, address: '杭州市西湖区文一路2号' },
      boss,
    );
    assert.equal(added.code, 0, added.message);
    await loginThroughPage(page, site, 'admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/adminConfig/home`);
    const row = page.getByTestId('audit-log').locator('tr', { hasText: name }).first();
    await row.getByRole('button').first().click();
    const after = page.getByTestId('audit-变更后').first();
    await after.getByText('西湖片区').waitFor();
    await after.getByText('安居经纪').waitFor();
    const text = await after.innerText();
    assert.ok(!text.includes('organisationId') && !text.includes('{'), text);
    await after.scrollIntoViewIfNeeded();
    await shot(page, 'org-audit-names');
  });

  test('an independent broker is never offered 门店组', async ({ page, site }) => {
    await loginThroughPage(page, site, 'city');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/coc/company/index`);
    await page.locator('tr', { hasText: '张伟独立经纪人' }).getByTestId('row-detail').click();
    const detail = page.getByTestId('company-detail');
    await detail.getByText('门店 / 员工').waitFor();
    await page.getByTestId('store-list').waitFor();
    assert.equal(await page.getByRole('tab', { name: '门店组' }).count(), 0);
    assert.equal(await page.getByTestId('storeGroup-list').count(), 0);
    await shot(page, 'org-independent-broker');
    // A brokerage keeps its 门店组.
    await page.goto(`${site}/coc/company/index`);
    await page.locator('tr', { hasText: '安居经纪' }).getByTestId('row-detail').click();
    await page.getByTestId('storeGroup-list').waitFor();
  });

  test('a company saved into another city is followed there, and a new store updates the counts', async ({ page, site }) => {
    const name = `甬江置业${stamp()}`;
    await loginThroughPage(page, site, 'admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/adminConfig/company`);
    await page.getByTestId('company-list').waitFor();
    await page.getByTestId('company-add').click();
    await page.getByTestId('field-name').fill(name);
    await choose(page, 'field-siteId', '宁波');
    await choose(page, 'field-scope', '经纪公司');
    await page.getByTestId('form-submit').click();
    // Not a silent vanish: the list moves to 宁波 and says so, and the new company is in it.
    await page.getByText(`「${name}」属于宁波，已切换到宁波`).waitFor();
    const row = page.locator('tr', { hasText: name });
    await row.waitFor();
    await shot(page, 'org-company-other-city');

    // Its detail counts follow a store added on the 门店 tab.
    await row.getByTestId('row-detail').click();
    const counts = page.getByTestId('company-detail').getByText('0 / 0 / 0');
    await counts.waitFor();
    await page.getByRole('tab', { name: '门店', exact: true }).click();
    await page.getByTestId('store-add').click();
    await page.getByTestId('field-name').fill('甬江一店');
    await page.getByTestId('form-submit').click();
    await page.getByText('保存成功').first().waitFor();
    await page.getByTestId('company-detail').getByText('0 / 1 / 0').waitFor();
  });
});

describe('listing-role splits', () => {
  test('the page shows the city’s 合计 and warns until it is 100%; past 100% is refused', async ({ page, base }) => {
    const city = await apiSession(base, 'city2');
    const before = await api(base, '/api/v1/fm/cityConfig/listingRole/totals', {}, city);
    assert.equal(before.code, 0, before.message);
    assert.equal(before.data.length, 1, 'a city operator sees their one city');
    const total = before.data[0].total;
    assert.notEqual(total, '100.00', 'the demo city 宁波 starts short of 100%');
    const left = (10000 - Math.round(Number(total) * 100)) / 100;

    await loginThroughPage(page, base, 'city2');
    await page.waitForURL('**/coc/**');
    await page.goto(`${base}/coc/config/role`);
    const shown = page.getByTestId('listing-role-total');
    await shown.getByText(`合计 ${total}%`).waitFor();
    await shown.getByText(`不足100%，成交佣金将有${left.toFixed(2)}%无人分得`).waitFor();
    await shot(page, 'listing-role-short');

    const name = `带看人${stamp()}`;
    await page.getByTestId('listingRole-add').click();
    await page.getByTestId('field-name').fill(name);
    await page.getByTestId('field-ratio').fill(String(left));
    await page.getByTestId('form-submit').click();
    await page.locator('[data-row-id]').filter({ hasText: name }).waitFor();
    await shown.getByText('合计 100.00%').waitFor();
    assert.equal(await shown.getByText('不足100%').count(), 0, 'no warning at 100%');
    await shot(page, 'listing-role-whole');

    await page.getByTestId('listingRole-add').click();
    await page.getByTestId('field-name').fill(`${name}2`);
    await page.getByTestId('field-ratio').fill('0.01');
    await page.getByTestId('form-submit').click();
    await page.locator('.arco-modal:visible').getByText('各角色分成比例合计不能超过100%，当前最多还可设置0.00%').waitFor();
    await page.locator('.arco-modal:visible').getByRole('button', { name: '取消' }).click();

    // Leave 宁波 as it was for the next run.
    const rows = await api(base, '/api/v1/fm/cityConfig/listingRole/list', { pageNum: 1, pageSize: 100, name }, city);
    const removed = await api(base, '/api/v1/fm/cityConfig/listingRole/delete', { id: rows.data.list[0].id }, city);
    assert.equal(removed.code, 0, removed.message);
  });
});

describe('row actions say which row they act on', () => {
  /** A page of `username`'s own session. */
  async function pageOf(browser, site, username) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await loginThroughPage(page, site, username);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    return { context, page };
  }

  test('企业设置 › 应用: a company that switched an app goes back to 沿用城市设置', async ({ browser, site }) => {
    const boss = await pageOf(browser, site, 'boss');
    await boss.page.goto(`${site}/work/enterprise/app`);
    const row = boss.page.locator('tr', { hasText: '电子签约' });
    await row.getByText('沿用城市设置').waitFor();
    await boss.page.getByRole('switch', { name: '启用 电子签约', exact: true }).click();
    await row.getByText('本级设置').waitFor();
    await boss.page.getByRole('button', { name: '恢复城市设置 电子签约', exact: true }).click();
    await row.getByText('沿用城市设置').waitFor();
    assert.equal(await row.getByRole('switch', { checked: true }).count(), 1, "杭州's setting: on");
    assert.equal(await row.getByTestId('app-inherit-city').count(), 0, 'nothing left to restore');
    await boss.context.close();
  });

  test('a screen reader hears 删除 总经办, 编辑 西湖区, 启用 房源助手 rather than the same word on every row', async ({
    browser,
    site,
  }) => {
    const boss = await pageOf(browser, site, 'boss');
    await boss.page.goto(`${site}/work/enterprise/organograma`);
    await boss.page.getByRole('button', { name: '删除 总经办', exact: true }).waitFor();
    await boss.page.getByRole('button', { name: '新增下级 销售一部', exact: true }).waitFor();
    await boss.page.goto(`${site}/work/enterprise/app`);
    await boss.page.getByRole('switch', { name: '启用 房源助手', exact: true }).waitFor();
    await boss.context.close();

    const city = await pageOf(browser, site, 'city');
    await city.page.goto(`${site}/coc/config/areas`);
    await city.page.getByRole('button', { name: '编辑 西湖区', exact: true }).waitFor();
    await city.page.getByRole('button', { name: '新增商圈 西湖区', exact: true }).waitFor();
    await city.context.close();

    const admin = await pageOf(browser, site, 'admin');
    await admin.page.goto(`${site}/adminConfig/menu`);
    await admin.page.getByRole('button', { name: '编辑 门店管理', exact: true }).first().waitFor();
    await admin.context.close();
  });
});

describe('a person’s detail', () => {
  test('查看完整信息 shows the mobile whole and hides it again, and a saved edit shows without reloading', async ({
    page,
    site,
    base,
  }) => {
    const boss = await apiSession(base, 'boss');
    const found = await api(base, '/api/v1/fm/staff/list', { pageNum: 1, pageSize: 10, realName: '李晓峰' }, boss);
    assert.equal(found.code, 0, found.message);
    const id = found.data.list.find((staff) => staff.realName === '李晓峰').id;
    await loginThroughPage(page, site, 'manager');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/store/userInfo/${id}`);
    const detail = page.getByTestId('staff-detail');
    await detail.getByText('138****0004').waitFor();
    await page.getByTestId('staff-unmask').click();
    await detail.getByText('13800000004').waitFor();
    await page.getByTestId('staff-unmask').click();
    await detail.getByText('138****0004').waitFor();

    const contact = `李父${stamp()}`;
    await page.getByTestId('staff-edit').click();
    await page.getByTestId('field-emergencyContact').fill(contact);
    await page.getByTestId('form-submit').click();
    await page.getByText('保存成功').first().waitFor();
    await detail.getByText(contact).waitFor();
  });
});
