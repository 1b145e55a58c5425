// 租房 as a store's people meet it: an agent enters a rental on a dictionary room with its rent
// and terms, finds it again with the rent filter and writes a follow-up; a manager marks a
// rental let (我司租出). Every test takes a rental no other one touches.
import assert from 'node:assert/strict';
import { api, describe, DEMO_PASSWORD, expect, loginThroughPage, shot, test } from '../support/fixtures.mjs';

async function apiSession(base, username) {
  const res = await api(base, '/api/v2/fm/login/public/login/web', { username, password: DEMO_PASSWORD });
  assert.equal(res.code, 0, `login ${username}: ${res.message}`);
  return { token: res.data.token, userId: res.data.userId };
}

async function rentals(base, session, filter) {
  const res = await api(base, '/api/v1/fm/house/rental/list', { pageNum: 1, pageSize: 100, ...filter }, session);
  assert.equal(res.code, 0, res.message);
  return res.data;
}

async function choose(page, testId, label) {
  await page.getByTestId(testId).click();
  await page.locator('.arco-select-popup:visible').getByText(label, { exact: true }).first().click();
}

describe('rentals', () => {
  test('an agent enters a rental, finds it by rent and follows it up', async ({ page, site, base }) => {
    const boss = await apiSession(base, 'boss');
    // A room whose rental is let by another agency is free for a new one.
    const letOut = (await rentals(base, boss, { status: 6 })).list.find((row) => row.storeName === '西湖店');
    assert.ok(letOut, 'the demo has a rental of 西湖店 let by another agency');
    const [, building, unit, room] = letOut.roomLabel.match(/^(.+幢)(.+单元)(.+)$/);
    await loginThroughPage(page, site, 'agent');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/house/rental`);
    await page.getByTestId('rental-house-add').click();
    const tabs = page.getByTestId('tabs-bar');
    await expect(tabs).toContainText('新增租房');
    await expect(tabs).not.toContainText('编辑租房');
    await page.getByTestId('pick-community').click();
    await page.keyboard.type(letOut.communityName);
    await page.locator('.arco-select-popup:visible').getByText(letOut.communityName).first().click();
    await choose(page, 'pick-building', building);
    await choose(page, 'pick-unit', unit);
    await choose(page, 'field-roomId', room);
    const fill = async (field, value) => {
      const box = page.getByTestId(`field-${field}`);
      const input = (await box.evaluate((node) => node.tagName)) === 'INPUT' ? box : box.locator('input').first();
      await input.fill(value);
    };
    await fill('area', '58');
    await choose(page, 'field-rooms', '一室');
    await fill('halls', '1');
    await fill('baths', '1');
    await fill('totalFloors', '18');
    await fill('floor', '9');
    await choose(page, 'field-orientation', '南');
    await choose(page, 'field-decoration', '精装');
    await fill('rent', '3280');
    await choose(page, 'field-rentType', '整租');
    await choose(page, 'field-paymentTerms', '押一付三');
    await fill('ownerName', '测试房东');
    await fill('ownerPhone', '13612345670');
    await shot(page, 'house-rental-edit-new');
    await page.getByTestId('form-submit').click();
    const detail = page.getByTestId('rental-house-detail');
    await detail.getByText('3,280元/月').first().waitFor();
    await detail.getByText('押一付三').first().waitFor();
    const id = Number(new URL(page.url()).pathname.split('/').at(-1));
    // The rental's detail took the form's tab.
    await expect(tabs).toContainText('租房详情');
    await expect(tabs).not.toContainText('新增租房');

    // The list finds it among 3000-5000元 rentals of its community.
    await page.goto(`${site}/work/house/rental`);
    await page.getByTestId('rental-house').locator('tbody tr').first().waitFor();
    await page.getByTestId('filter-keyword').fill(letOut.communityName);
    await choose(page, 'filter-rentRange', '3000-5000元');
    await page.getByTestId('filter-search').click();
    const row = page.getByTestId('rental-house').locator('tbody tr', { hasText: '3,280元/月' });
    await row.first().waitFor();
    await shot(page, 'house-rental-list-filtered');
    const shown = await page.getByTestId('rental-house').locator('tbody tr').allTextContents();
    assert.ok(shown.every((text) => /元\/月/.test(text)), shown.join('\n'));
    // F5 keeps the tab's filters and so its rows.
    await page.reload();
    await row.first().waitFor();
    await expect(page.getByTestId('filter-keyword')).toHaveValue(letOut.communityName);
    await expect(page.getByTestId('filter-rentRange')).toContainText('3000-5000元');
    assert.deepEqual(await page.getByTestId('rental-house').locator('tbody tr').allTextContents(), shown);

    await page.goto(`${site}/work/house/rental/detail/${id}`);
    await page.getByTestId('follow-up-content').fill('租客周六下午看房');
    await page.getByTestId('follow-up-save').click();
    await page.getByText('跟进已保存').first().waitFor();
    await page.getByTestId('rental-house-detail').getByText('租客周六下午看房').waitFor();
    await shot(page, 'house-rental-followed-up');
  });

  test('a manager marks an agent rental let', async ({ page, site, base }) => {
    const manager = await apiSession(base, 'manager');
    const agent = await apiSession(base, 'agent');
    const list = await rentals(base, manager, { status: 1, pool: 1 });
    const target = list.list.filter((row) => row.maintainerId === agent.userId).at(-1);
    assert.ok(target, 'the demo has a valid rental kept by the agent');
    await loginThroughPage(page, site, 'manager');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/house/rental/detail/${target.id}`);
    await page.getByTestId('owner-phone').getByText(/\*{4}/).waitFor();
    await page.getByTestId('house-action-dealOurs').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByText('我司租出成功').first().waitFor();
    const detail = page.getByTestId('rental-house-detail');
    await detail.getByText('我司租出（私盘）').first().waitFor();
    await detail.getByTestId('house-action-relist').waitFor();
    await shot(page, 'house-rental-let');
  });
});
