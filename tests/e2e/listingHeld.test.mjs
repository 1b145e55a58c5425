// A listing its agent sets aside, as they meet it: the 封盘 dialog warns that only a 店长 lifts it,
// and once sealed the detail page says who sealed it, when, why and who can lift it; 转公盘 says
// the key stays with the store that keeps it; another store's manager opening the listing is
// told once, by the page, that they cannot see it (no toast as well).
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

/** Two listings of the agent's in a community of their own: rooms 801 and 802. */
async function listings(base, agent) {
  const areas = await data(base, '/api/v1/fm/house/community/areas', {}, agent);
  const made = await data(base, '/api/v1/fm/house/community/add', { name: `封盘小区${stamp()}`, districtId: areas[0].id, propertyType: 1, offerStatus: 1 }, agent);
  const building = await data(base, '/api/v1/fm/house/building/add', { communityId: made.id, name: '1幢', floors: 18 }, agent);
  const unit = await data(base, '/api/v1/fm/house/unit/add', { buildingId: building.id, name: '1单元' }, agent);
  const ids = [];
  for (const name of ['801', '802']) {
    const room = await data(base, '/api/v1/fm/house/room/add', { unitId: unit.id, name, floor: 8 }, agent);
    const listing = await data(
      base,
      '/api/v1/fm/house/old/add',
      {
        roomId: room.id, area: '89.5', rooms: 2, halls: 1, baths: 1, totalFloors: 18, floor: 8, orientation: 9,
        decoration: 4, price: '300', ownerName: '测试业主', ownerPhone: '139 0000 3333',
      },
      agent,
    );
    ids.push(listing.id);
  }
  return ids;
}

describe('a listing set aside tells its agent why', () => {
  test('封盘 warns first, then the page says who can lift it; 转公盘 says where the key stays', async ({ page, site, base }) => {
    const agent = await session(base, 'agent');
    const [sealed, keyed] = await listings(base, agent);
    await data(base, '/api/v1/fm/house/old/key/register', { listingId: keyed, keyType: 1 }, agent);

    await loginThroughPage(page, site, 'agent');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/house/old/detail/${sealed}`);
    await page.getByTestId('house-action-seal').click();
    const notice = page.getByTestId('house-reason-form-notice');
    await expect(notice).toContainText('封盘后您将不能编辑、转公盘或报成交，只有店长可以解封');
    await shot(page, 'house-seal-dialog-warning');
    await page.getByTestId('field-reason').click();
    await page.locator('.arco-select-popup:visible .arco-select-option').first().click();
    await page.getByTestId('form-submit').click();
    const held = page.getByTestId('listing-held-notice');
    await expect(held).toContainText('封盘，原因：');
    await expect(held).toContainText('只有店长可以解封；如需继续经营，请联系店长');
    await expect(held).toContainText('该房源已由');
    await shot(page, 'house-sealed-notice');

    await page.goto(`${site}/work/house/old/detail/${keyed}`);
    await page.getByTestId('house-action-release').click();
    await expect(page.getByTestId('house-reason-form-notice')).toContainText('转公盘后钥匙仍由西湖店保管');
    await shot(page, 'house-release-key-notice');
  });

  test("another store's manager is told once that they cannot see it", async ({ page, site, base }) => {
    const agent = await session(base, 'agent');
    const [listing] = await listings(base, agent);
    await loginThroughPage(page, site, 'manager2');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/house/old/detail/${listing}`);
    await page.getByTestId('detail-error').waitFor();
    await page.waitForTimeout(1000);
    await expect(page.locator('.arco-message')).toHaveCount(0);
    await shot(page, 'house-no-access-once');
  });
});
