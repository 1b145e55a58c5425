// 录入二手房 keeps what was typed: an agent enters a listing from a community's room (the form opens
// in that room), fills part of it, goes to another tab and back, reloads, finds everything there
// under 已恢复未保存的内容, saves, and the draft is gone. Screenshots at 1440 px and 800 px.
import assert from 'node:assert/strict';
import { api, describe, DEMO_PASSWORD, expect, loginThroughPage, shot, stamp, test } from '../support/fixtures.mjs';

async function session(base, username) {
  const res = await api(base, '/api/v2/fm/login/public/login/web', { username, password: DEMO_PASSWORD });
  assert.equal(res.code, 0, `login ${username}: ${res.message}`);
  return { token: res.data.token, userId: res.data.userId };
}

async function data(base, path, body, who) {
  const res = await api(base, path, body, who);
  assert.equal(res.code, 0, `${path}: ${res.message}`);
  return res.data;
}

async function choose(page, testId, label) {
  await page.getByTestId(testId).click();
  await page.locator('.arco-select-popup:visible').getByText(label, { exact: true }).first().click();
}

const input = (page, field) => page.getByTestId(`field-${field}`).locator('xpath=descendant-or-self::input').first();

/** A community with 1幢 (18 floors) → 1单元 → 902 on the 9th floor, as the agent enters it. */
async function community(base, agent) {
  const areas = await data(base, '/api/v1/fm/house/community/areas', {}, agent);
  const name = `草稿小区${stamp()}`;
  const made = await data(base, '/api/v1/fm/house/community/add', { name, districtId: areas[0].id, propertyType: 1, offerStatus: 1 }, agent);
  const building = await data(base, '/api/v1/fm/house/building/add', { communityId: made.id, name: '1幢', floors: 18 }, agent);
  const unit = await data(base, '/api/v1/fm/house/unit/add', { buildingId: building.id, name: '1单元' }, agent);
  await data(base, '/api/v1/fm/house/room/add', { unitId: unit.id, name: '902', floor: 9 }, agent);
  return { id: made.id, name };
}

describe('the second-hand entry form keeps a draft', () => {
  for (const width of [1440, 800]) {
    test(`from a room, over a tab switch and F5, until saved (${width} px)`, async ({ page, site, base }) => {
      await page.setViewportSize({ width, height: 900 });
      const agent = await session(base, 'agent');
      const place = await community(base, agent);
      await loginThroughPage(page, site, 'agent');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));

      // 录入房源 on the room opens the form in it: community, building, unit and room chosen.
      await page.goto(`${site}/work/house/communityDetail/${place.id}`);
      await page.getByTestId('community-room').filter({ hasText: '902' }).click();
      await page.getByTestId('room-enter-listing').waitFor();
      await shot(page, `house-room-enter-menu-${width}`);
      await page.getByTestId('room-enter-listing').click();
      const form = page.getByTestId('old-house-edit-form');
      await form.waitFor();
      const entryUrl = page.url();
      await expect(page.getByTestId('pick-community')).toContainText(place.name);
      await expect(page.getByTestId('pick-building')).toContainText('1幢');
      await expect(page.getByTestId('pick-unit')).toContainText('1单元');
      await expect(page.getByTestId('field-roomId')).toContainText('902');
      await expect(input(page, 'floor')).toHaveValue('9');
      await expect(input(page, 'totalFloors')).toHaveValue('18');
      await shot(page, `house-room-enter-form-${width}`);

      await input(page, 'area').fill('88.5');
      await choose(page, 'field-rooms', '二室');
      await input(page, 'price').fill('320');
      await input(page, 'ownerName').fill('草稿业主');

      // Another tab and back: the form is as it was left, and says it brought it back.
      await page.getByTestId('tabs-bar').locator('[data-tab-path="/work/house/communityDetail/' + place.id + '"]').click();
      await page.getByTestId('community-detail').waitFor();
      await page.getByTestId('tabs-bar').getByText('新增二手房').click();
      await page.getByTestId('draft-notice').waitFor();
      await expect(input(page, 'area')).toHaveValue('88.5');
      await expect(input(page, 'ownerName')).toHaveValue('草稿业主');

      // F5 keeps it all, the room's place too.
      await page.reload();
      await page.getByTestId('draft-notice').waitFor();
      await expect(page.getByTestId('draft-notice')).toContainText('已恢复未保存的内容');
      await expect(page.getByTestId('pick-community')).toContainText(place.name);
      await expect(page.getByTestId('field-roomId')).toContainText('902');
      await expect(input(page, 'area')).toHaveValue('88.5');
      await expect(page.getByTestId('field-rooms')).toContainText('二室');
      await expect(input(page, 'price')).toHaveValue('320');
      await expect(input(page, 'ownerName')).toHaveValue('草稿业主');
      await shot(page, `house-draft-restored-${width}`);

      await choose(page, 'field-orientation', '南北');
      await choose(page, 'field-decoration', '精装');
      await input(page, 'ownerPhone').fill('13612345678');
      await page.getByTestId('form-submit').click();
      await page.getByTestId('old-house-detail').getByText('320万').first().waitFor();
      const kept = await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('formDraft:')));
      assert.deepEqual(kept, [], 'the save took the draft with it');

      const saved = page.url();

      // 小区详情 now marks the room 在售 and offers 查看房源 instead of 录入房源 (重盘).
      await page.goto(`${site}/work/house/communityDetail/${place.id}`);
      const room = page.getByTestId('community-room').filter({ hasText: '902' });
      await expect(room).toHaveAttribute('data-on-market', '在售');
      await expect(room).toContainText('在售');
      await room.click();
      await page.getByTestId('room-view-listing').waitFor();
      await expect(page.getByTestId('room-enter-listing')).toHaveCount(0);
      await shot(page, `house-room-on-market-menu-${width}`);
      await page.getByTestId('room-view-listing').click();
      await page.getByTestId('old-house-detail').getByText('320万').first().waitFor();
      const listingId = new URL(saved).pathname.split('/').pop();

      // The room's old 录入房源 link (a bookmark, a stale tab) starts empty and says why, naming
      // the room in full and the listing on it.
      await page.goto(entryUrl);
      await form.waitFor();
      await expect(page.getByTestId('pick-unit')).toContainText('1单元');
      await page
        .getByText(`1幢1单元902已有在售房源（房源编号${listingId}，西湖店`)
        .first()
        .waitFor();
      await expect(page.getByTestId('draft-notice')).toHaveCount(0);
      await expect(input(page, 'area')).toHaveValue('');
    });
  }
});
