// 编辑小区 keeps what was typed, as the listing forms do: an agent starts a new community, types
// its name and address, reloads, finds both under 已恢复未保存的内容, saves, and the draft is gone;
// 放弃草稿 on an existing community's edit brings back what is on file.
import assert from 'node:assert/strict';
import { api, describe, DEMO_PASSWORD, expect, loginThroughPage, shot, stamp, test } from '../support/fixtures.mjs';

async function session(base, username) {
  const res = await api(base, '/api/v2/fm/login/public/login/web', { username, password: DEMO_PASSWORD });
  assert.equal(res.code, 0, `login ${username}: ${res.message}`);
  return { token: res.data.token, userId: res.data.userId };
}

const input = (page, field) =>
  page.getByTestId(`field-${field}`).locator('xpath=descendant-or-self::*[self::input or self::textarea]').first();

async function choose(page, testId) {
  await page.getByTestId(testId).click();
  await page.locator('.arco-select-popup:visible .arco-select-option').first().click();
}

const drafts = (page) => page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('formDraft:')));

describe('编辑小区 keeps a draft', () => {
  test('a new community over F5, until saved', async ({ page, site, base }) => {
    await loginThroughPage(page, site, 'agent');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/house/communityEdit`);
    await page.getByTestId('community-form').waitFor();
    const name = `草稿小区${stamp()}`;
    await input(page, 'name').fill(name);
    await input(page, 'address').fill('文三路88号');
    await choose(page, 'field-districtId');

    await page.reload();
    await page.getByTestId('draft-notice').waitFor();
    await expect(page.getByTestId('draft-notice')).toContainText('已恢复未保存的内容');
    await expect(input(page, 'name')).toHaveValue(name);
    await expect(input(page, 'address')).toHaveValue('文三路88号');
    await shot(page, 'house-community-draft-restored');

    await page.getByTestId('form-submit').click();
    await page.getByTestId('community-detail').waitFor();
    await expect(page.getByTestId('community-detail')).toContainText(name);
    assert.deepEqual(await drafts(page), [], 'the save took the draft with it');
  });

  test("an existing community's edit, 放弃草稿 goes back to what is on file", async ({ page, site, base }) => {
    const agent = await session(base, 'agent');
    const areas = await api(base, '/api/v1/fm/house/community/areas', {}, agent);
    const name = `编辑草稿${stamp()}`;
    const made = await api(base, '/api/v1/fm/house/community/add', { name, districtId: areas.data[0].id, propertyType: 1, offerStatus: 1, address: '原地址1号' }, agent);
    assert.equal(made.code, 0, made.message);
    await loginThroughPage(page, site, 'agent');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/house/communityEdit?id=${made.data.id}`);
    await expect(input(page, 'address')).toHaveValue('原地址1号');
    await input(page, 'address').fill('改过的地址2号');
    await page.reload();
    await page.getByTestId('draft-notice').waitFor();
    await expect(input(page, 'address')).toHaveValue('改过的地址2号');
    await expect(input(page, 'name')).toHaveValue(name);

    await page.getByTestId('draft-discard').click();
    await expect(page.getByTestId('draft-notice')).toHaveCount(0);
    await expect(input(page, 'address')).toHaveValue('原地址1号');
    assert.deepEqual(await drafts(page), []);
  });
});
