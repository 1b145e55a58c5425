// 带看 and 匹配 on a listing's detail page as an agent meets them: a customer of theirs whose wish
// the listing fits was shown it (recorded through the API, as the customer drawer would), and
// the page lists the viewing under 带看记录 and the customer under 匹配客户; the agent writes the
// customer's feedback in place.
import assert from 'node:assert/strict';
import { api, describe, DEMO_PASSWORD, loginThroughPage, shot, test } from '../support/fixtures.mjs';

async function apiSession(base, username) {
  const res = await api(base, '/api/v2/fm/login/public/login/web', { username, password: DEMO_PASSWORD });
  assert.equal(res.code, 0, `login ${username}: ${res.message}`);
  return { token: res.data.token, userId: res.data.userId };
}

async function data(base, session, path, body) {
  const res = await api(base, path, body, session);
  assert.equal(res.code, 0, `${path}: ${res.message}`);
  return res.data;
}

/** `[YYYY-MM-DD, HH:MM]` in China an hour ago. */
function anHourAgo() {
  const china = new Date(Date.now() - 3_600_000 + 8 * 3_600_000).toISOString();
  return [china.slice(0, 10), china.slice(11, 16)];
}

describe('viewings and matching', () => {
  test('an agent sees a listing’s viewings and matching customers', async ({ page, site, base }) => {
    const agent = await apiSession(base, 'agent');
    const listings = await data(base, agent, '/api/v1/fm/house/old/list', { pageNum: 1, pageSize: 100, status: 1 });
    const listing = listings.list.find((row) => row.maintainerId === agent.userId) ?? listings.list[0];
    assert.ok(listing, 'the agent reads a valid listing');
    const wan = (fen) => String(Math.max(1, Math.round(fen / 1_000_000)));
    const customer = await data(base, agent, '/api/v1/fm/crm/customer/add', {
      name: '赵看房',
      sex: 1,
      phone: '13655556001',
      level: 4,
      demand: 1,
      budgetMin: wan(listing.price - 100_000_000),
      budgetMax: wan(listing.price + 100_000_000),
      areaMin: String(Math.max(1, Math.floor(listing.area / 100) - 10)),
      areaMax: String(Math.floor(listing.area / 100) + 10),
      rooms: listing.rooms,
      source: 1,
    });
    const [viewDate, viewTime] = anHourAgo();
    await data(base, agent, '/api/v1/fm/crm/viewing/add', {
      customerId: customer.id,
      kind: 1,
      listingId: listing.id,
      viewDate,
      viewTime,
    });

    await loginThroughPage(page, site, 'agent');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/house/old/detail/${listing.id}`);
    const viewings = page.getByTestId('viewings-of-listing');
    const row = viewings.locator('tbody tr', { hasText: '赵看房' });
    await row.waitFor();
    await row.getByText('填写反馈').click();
    await row.getByLabel('客户反馈').fill('客户喜欢南北通透，想约业主面谈价格');
    await row.getByText('保存', { exact: true }).click();
    await viewings.getByText('客户喜欢南北通透，想约业主面谈价格').waitFor();

    const matches = page.getByTestId('listing-matches');
    await matches.locator('tbody tr', { hasText: '赵看房' }).waitFor();
    await viewings.scrollIntoViewIfNeeded();
    await shot(page, 'house-old-detail-viewings');
    await matches.scrollIntoViewIfNeeded();
    await shot(page, 'house-old-detail-matching-customers');
  });
});
