// The listing form's 看房时间 and 房源角色, as an agent fills them: the weekday × time-of-day grid,
// 录入 and 维护 already holding the agent, a colleague put in 实勘; the rental form takes the floor
// from the chosen room; the detail page reads the slots as one line and lists the role holders.
// Once at a desktop width (租房) and once at 800 px (二手房).
import assert from 'node:assert/strict';
import { api, describe, DEMO_PASSWORD, expect, loginThroughPage, shot, test } from '../support/fixtures.mjs';

async function apiSession(base, username) {
  const res = await api(base, '/api/v2/fm/login/public/login/web', { username, password: DEMO_PASSWORD });
  assert.equal(res.code, 0, `login ${username}: ${res.message}`);
  return { token: res.data.token, userId: res.data.userId };
}

async function call(base, session, path, body) {
  const res = await api(base, path, body, session);
  assert.equal(res.code, 0, `${path}: ${res.message}`);
  return res.data;
}

async function choose(page, testId, label) {
  await page.getByTestId(testId).click();
  await page.locator('.arco-select-popup:visible').getByText(label, { exact: true }).first().click();
}

/** A room of 西湖店's company free for a new listing of `family`: one whose listing another
 *  agency closed (他司成交 / 他司租出), with its floor from the dictionary. 滨江店's first such
 *  room: the rental and second-hand specs enter theirs on 西湖店's and on the oldest one. */
async function freeRoom(base, boss, family) {
  const closed = await call(base, boss, `/api/v1/fm/house/${family}/list`, { pageNum: 1, pageSize: 100, status: 6 });
  const row = closed.list.find((r) => r.storeName === '滨江店') ?? closed.list[0];
  assert.ok(row, `the demo has a closed ${family} listing`);
  const detail = await call(base, boss, `/api/v1/fm/house/${family}/detail`, { id: row.id });
  const [, building, unit, room] = row.roomLabel.match(/^(.+幢)(.+单元)(.+)$/);
  const community = await call(base, boss, '/api/v1/fm/house/community/detail', { id: row.communityId });
  const rooms = community.buildings.flatMap((b) => b.units.flatMap((u) => u.rooms));
  const { floor } = rooms.find((r) => r.id === detail.roomId);
  return { communityName: row.communityName, building, unit, room, roomId: detail.roomId, floor };
}

async function pickRoom(page, room) {
  await page.getByTestId('pick-community').click();
  await page.keyboard.type(room.communityName);
  await page.locator('.arco-select-popup:visible').getByText(room.communityName).first().click();
  await choose(page, 'pick-building', room.building);
  await choose(page, 'pick-unit', room.unit);
  await choose(page, 'field-roomId', room.room);
}

async function fill(page, field, value) {
  const box = page.getByTestId(`field-${field}`);
  const input = (await box.evaluate((node) => node.tagName)) === 'INPUT' ? box : box.locator('input').first();
  await input.fill(value);
}

/** The names a role's picker shows as chosen. */
async function chosen(page, role) {
  return (await page.getByTestId(`listing-role-${role}`).locator('.arco-tag').allTextContents()).map((t) => t.trim());
}

describe('viewing slots and listing roles', () => {
  test('an agent enters a rental with viewing slots and a colleague in 实勘', async ({ page, site, base }) => {
    const boss = await apiSession(base, 'boss');
    const agent = await apiSession(base, 'agent');
    const room = await freeRoom(base, boss, 'rental');
    const floor = room.floor;
    const choices = await call(base, agent, '/api/v1/fm/house/rental/roleChoices', {});
    const colleague = choices.colleagues.find((p) => p.id !== agent.userId);
    assert.ok(colleague, 'the agent has a colleague to name');

    await loginThroughPage(page, site, 'agent');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/house/rental/edit/new`);
    await pickRoom(page, room);
    // The floor comes from the chosen room.
    const floorBox = page.getByTestId('field-floor');
    const floorInput = (await floorBox.evaluate((n) => n.tagName)) === 'INPUT' ? floorBox : floorBox.locator('input').first();
    await expect(floorInput).toHaveValue(String(floor));
    await fill(page, 'area', '62');
    await choose(page, 'field-rooms', '二室');
    await fill(page, 'halls', '1');
    await fill(page, 'baths', '1');
    await choose(page, 'field-orientation', '南');
    await choose(page, 'field-decoration', '精装');
    await fill(page, 'rent', '3600');
    await choose(page, 'field-rentType', '整租');
    await choose(page, 'field-paymentTerms', '押一付三');
    await fill(page, 'ownerName', '看房测试');
    await fill(page, 'ownerPhone', '13612345671');
    // 看房时间: weekday evenings (the 晚上 column, then 周一 … 周五 kept) and all of Saturday.
    const grid = page.getByTestId('viewing-slots');
    await grid.getByRole('button', { name: '晚上', exact: true }).click();
    await page.getByTestId('viewing-slot-63').click();
    await page.getByTestId('viewing-slot-73').click();
    await grid.getByRole('button', { name: '周六', exact: true }).click();
    await page.getByTestId('viewing-slots-summary').getByText('周一至周五 晚上；周六 全天').waitFor();
    // 录入 and 维护 start with the agent; a colleague goes into 实勘.
    const roles = page.getByTestId('listing-roles');
    await roles.scrollIntoViewIfNeeded();
    assert.deepEqual(await chosen(page, '录入人'), ['李晓峰 · 西湖店']);
    assert.deepEqual(await chosen(page, '维护人'), ['李晓峰 · 西湖店']);
    await page.getByTestId('listing-role-实勘人').click();
    await page.locator('.arco-select-popup:visible').getByText(`${colleague.name} · ${colleague.storeName}`, { exact: true }).click();
    await page.keyboard.press('Escape');
    await shot(page, 'house-rental-slots-roles-form');
    await page.getByTestId('form-submit').click();

    const detail = page.getByTestId('rental-house-detail');
    await detail.getByTestId('listing-viewing-slots').getByText('周一至周五 晚上；周六 全天').waitFor();
    await detail.getByText(colleague.name).first().waitFor();
    await shot(page, 'house-rental-slots-roles-detail');
    const id = Number(new URL(page.url()).pathname.split('/').at(-1));
    const saved = await call(base, agent, '/api/v1/fm/house/rental/detail', { id });
    assert.deepEqual(saved.viewingSlots, [13, 23, 33, 43, 53, 61, 62, 63]);
    assert.equal(saved.floor, floor);
    const held = Object.fromEntries(saved.roles.map((m) => [m.roleName, m.userId]));
    assert.equal(held['录入人'], agent.userId);
    assert.equal(held['维护人'], agent.userId);
    assert.equal(held['实勘人'], colleague.id);
  });

  test('at 800 px an agent enters a second-hand listing with slots and roles', async ({ page, site, base }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    const boss = await apiSession(base, 'boss');
    const agent = await apiSession(base, 'agent');
    const room = await freeRoom(base, boss, 'old');
    const choices = await call(base, agent, '/api/v1/fm/house/old/roleChoices', {});
    const colleague = choices.colleagues.find((p) => p.id !== agent.userId);

    await loginThroughPage(page, site, 'agent');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/house/old/edit/new`);
    await pickRoom(page, room);
    await fill(page, 'area', '88');
    await choose(page, 'field-rooms', '三室');
    await fill(page, 'halls', '2');
    await fill(page, 'baths', '1');
    await fill(page, 'totalFloors', '30');
    await fill(page, 'floor', '12');
    await choose(page, 'field-orientation', '南');
    await choose(page, 'field-decoration', '精装');
    await fill(page, 'price', '320');
    await fill(page, 'ownerName', '宽度测试');
    await fill(page, 'ownerPhone', '13612345672');
    await page.getByTestId('viewing-slot-62').click();
    await page.getByTestId('viewing-slot-72').click();
    await page.getByTestId('viewing-slots-summary').getByText('周六、周日 下午').waitFor();
    await page.getByTestId('listing-role-钥匙人').click();
    await page.locator('.arco-select-popup:visible').getByText(`${colleague.name} · ${colleague.storeName}`, { exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('viewing-slots').scrollIntoViewIfNeeded();
    await shot(page, 'house-old-slots-roles-form-800');
    await page.getByTestId('form-submit').click();
    const detail = page.getByTestId('old-house-detail');
    await detail.getByTestId('listing-viewing-slots').getByText('周六、周日 下午').waitFor();
    await detail.getByText(colleague.name).first().waitFor();
    await shot(page, 'house-old-slots-roles-detail-800');
    // Editing it shows what is on file (厅, 看房时间), so a save that changes nothing keeps them.
    const listingId = new URL(page.url()).pathname.split('/').pop();
    await page.goto(`${site}/work/house/old/edit/${listingId}`);
    const halls = page.getByTestId('field-halls');
    const hallsInput = (await halls.evaluate((node) => node.tagName)) === 'INPUT' ? halls : halls.locator('input').first();
    await page.getByTestId('viewing-slots-summary').getByText('周六、周日 下午').waitFor();
    assert.equal(await hallsInput.inputValue(), '2');
    await page.getByTestId('form-submit').click();
    await detail.getByTestId('listing-viewing-slots').getByText('周六、周日 下午').waitFor();
    // Nothing runs off the page's right edge at 800 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the detail page scrolls sideways by ${overflow}px`);
  });
});
