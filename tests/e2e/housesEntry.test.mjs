// The entry form on a community the dictionary knows nothing below yet: each empty box says what
// is missing and adds it on the spot (楼栋, 单元, 房号 within the building's 总层数), the new part is
// chosen at once; an empty save marks 小区/楼栋/单元 red. And a manager's edit form shows an
// agent's owner masked, never asks for it whole, and saving it untouched keeps the number.
import assert from 'node:assert/strict';
import { api, describe, DEMO_PASSWORD, expect, loginThroughPage, shot, test } from '../support/fixtures.mjs';

async function session(base, username) {
  const res = await api(base, '/api/v2/fm/login/public/login/web', { username, password: DEMO_PASSWORD });
  assert.equal(res.code, 0, `login ${username}: ${res.message}`);
  return { token: res.data.token, userId: res.data.userId };
}

/** Fills the dialog open on the page (新增楼栋/单元/房号) and presses its 确定. */
async function fillDialog(page, formTestId, values) {
  const dialog = page.locator('.arco-modal:visible');
  for (const [field, value] of Object.entries(values)) {
    const box = dialog.getByTestId(`field-${field}`);
    const input = (await box.evaluate((node) => node.tagName)) === 'INPUT' ? box : box.locator('input').first();
    await input.fill(value);
  }
  await dialog.getByTestId('form-submit').click();
  return dialog;
}

describe('entering a listing on a new community', () => {
  test('adds the building, unit and room it lacks and chooses them', async ({ page, site, base }) => {
    const agent = await session(base, 'agent');
    const areas = await api(base, '/api/v1/fm/house/community/areas', {}, agent);
    assert.equal(areas.code, 0, areas.message);
    const name = `新建小区${Date.now() % 1000000}`;
    const made = await api(
      base,
      '/api/v1/fm/house/community/add',
      { name, districtId: areas.data[0].id, propertyType: 1, offerStatus: 1 },
      agent,
    );
    assert.equal(made.code, 0, made.message);

    await loginThroughPage(page, site, 'agent');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    // Typed, the address titles its tab as the list's button does.
    await page.goto(`${site}/work/house/old/edit/new`);
    const tabs = page.getByTestId('tabs-bar');
    await expect(tabs).toContainText('新增二手房');
    const form = page.getByTestId('old-house-edit-form');

    // An empty save: the room's place is marked red, box by box, and the toast names it.
    await page.getByTestId('form-submit').click();
    for (const message of ['请选择小区', '请选择楼栋', '请选择单元']) {
      await form.locator('.arco-form-message').getByText(message, { exact: true }).waitFor();
    }
    await page.locator('.arco-message').getByText('请选择小区').waitFor();
    await shot(page, 'house-entry-empty-save');

    await page.getByTestId('pick-community').click();
    await page.keyboard.type(name);
    await page.locator('.arco-select-popup:visible').getByText(name).first().click();
    await expect(page.getByTestId('building-hint')).toContainText('该小区还没有楼栋');
    await page.getByTestId('building-hint-add').click();
    await fillDialog(page, 'add-building-form', { name: '1幢', floors: '6' });
    await expect(page.getByTestId('pick-building')).toContainText('1幢');
    await expect(page.getByTestId('unit-hint')).toContainText('该楼栋还没有单元');
    await page.getByTestId('unit-hint-add').click();
    await fillDialog(page, 'add-unit-form', { name: '1单元' });
    await expect(page.getByTestId('pick-unit')).toContainText('1单元');
    await expect(page.getByTestId('room-hint')).toContainText('该单元还没有房号');
    await shot(page, 'house-entry-no-room');

    // A room above the building's 6 floors is refused on its field; on the 5th it is chosen.
    await page.getByTestId('room-hint-add').click();
    const dialog = await fillDialog(page, 'add-room-form', { name: '701', floor: '7' });
    await dialog.locator('.arco-form-message').getByText('所在楼层不能高于该栋座的总层数（6层）').waitFor();
    await shot(page, 'house-entry-room-too-high');
    await fillDialog(page, 'add-room-form', { name: '501', floor: '5' });
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('field-roomId')).toContainText('501');
    await expect(page.getByTestId('field-totalFloors')).toHaveValue('6');
    await expect(page.getByTestId('field-floor')).toHaveValue('5');
    await shot(page, 'house-entry-room-added');
  });
});

describe('a manager edits an agent listing', () => {
  test('sees the owner masked, never revealed, and keeps it on save', async ({ page, site, base }) => {
    const manager = await session(base, 'manager');
    const agent = await session(base, 'agent');
    const res = await api(base, '/api/v1/fm/house/old/list', { pageNum: 1, pageSize: 100, status: 1, pool: 1 }, manager);
    const row = res.data.list.find((r) => r.maintainerId === agent.userId && r.id % 2 === 0) ?? res.data.list.find((r) => r.maintainerId === agent.userId);
    const before = (await api(base, '/api/v1/fm/house/old/detail', { id: row.id }, agent)).data.ownerPhone;
    assert.ok(!before.includes('*'), before);

    await loginThroughPage(page, site, 'manager');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const reveals = [];
    page.on('request', (request) => {
      if (request.url().includes('revealPhone')) reveals.push(request.url());
    });
    await page.goto(`${site}/work/house/old/edit/${row.id}`);
    const phone = page.getByTestId('field-ownerPhone');
    await expect(phone).toHaveValue(/^\d{3}\*{4}\d{4}$/);
    await expect(page.getByTestId('old-house-edit-form')).toContainText('号码已隐藏');
    // An empty choice shows what to choose.
    await shot(page, 'house-old-edit-masked');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('old-house-detail').waitFor();
    assert.deepEqual(reveals, [], 'the edit form never asks for the number whole');
    const after = (await api(base, '/api/v1/fm/house/old/detail', { id: row.id }, agent)).data.ownerPhone;
    assert.equal(after, before);
  });
});
