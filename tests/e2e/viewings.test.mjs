// 带看 and 匹配 on a listing's detail page as an agent meets them: a customer of theirs whose wish
// the listing fits was shown it (recorded through the API, as the customer drawer would), and
// the page lists the viewing under 带看记录 and the customer under 匹配客户; the agent writes the
// customer's feedback in place.
import assert from 'node:assert/strict';
import { api, describe, DEMO_PASSWORD, expect, loginThroughPage, shot, stamp, test } from '../support/fixtures.mjs';

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

/** `[YYYY-MM-DD, HH:MM]` of China now plus `shiftMs`. */
function china(shiftMs = 0) {
  const at = new Date(Date.now() + shiftMs + 8 * 3_600_000).toISOString();
  return [at.slice(0, 10), at.slice(11, 16)];
}

describe('a viewing’s time is China time wherever the browser is', () => {
  // The browser's clock is set to UTC, eight hours behind 杭州.
  test.use({ timezoneId: 'UTC' });

  test('a viewing entered at 10:15 shows 10:15, and the dialog starts at China’s date and time', async ({ page, site, base }) => {
    const agent = await apiSession(base, 'agent');
    const name = `钱看房${stamp()}`;
    await data(base, agent, '/api/v1/fm/crm/customer/add', {
      name,
      sex: 2,
      phone: `1365556${stamp().slice(-4)}`,
      level: 3,
      demand: 1,
      source: 1,
    });

    await loginThroughPage(page, site, 'agent');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/crm/customer`);
    await page.getByTestId('filter-keyword').fill(name);
    await page.getByTestId('filter-search').click();
    await page.getByTestId('crm-customer').locator('tbody tr', { hasText: name }).getByTestId('customer-open').click();
    const drawer = page.getByTestId('customer-drawer');
    await drawer.getByRole('tab', { name: '带看记录' }).click();
    await drawer.getByTestId('viewing-add').click();
    const dialog = page.locator('.arco-modal:visible', { hasText: '新增带看' });
    await dialog.waitFor();

    // 新增带看 starts at China's date and time now, not the browser's (8 hours behind).
    const [today, now] = china();
    await expect(dialog.getByTestId('viewing-viewDate')).toHaveValue(today);
    const shown = await dialog.locator('.arco-picker input').nth(1).inputValue();
    const minutes = (hhmm) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
    assert.ok(Math.abs(minutes(shown) - minutes(now)) <= 2 || Math.abs(minutes(shown) - minutes(now)) >= 24 * 60 - 2, `time ${shown}, China ${now}`);

    // 10:15 today in 杭州 if that has passed there, else yesterday.
    const [yesterday] = china(-86_400_000);
    const day = minutes(now) > minutes('10:20') ? today : yesterday;
    await page.getByTestId('viewing-target').click();
    await page.locator('.arco-select-popup:visible .arco-select-option').first().click();
    const date = dialog.getByTestId('viewing-viewDate');
    await date.fill(day);
    await date.press('Enter');
    const time = dialog.locator('.arco-picker input').nth(1);
    await time.click();
    await time.fill('10:15');
    await time.press('Enter');
    // Enter closes the time panel (with its own 确定) after an animation a slow machine shows.
    await expect(dialog.getByRole('button', { name: '确定' })).toHaveCount(1);
    await shot(page, 'crm-viewing-add-utc-browser');
    await dialog.locator('.arco-modal-footer').getByRole('button', { name: '确定' }).click();
    await page.getByText('带看已保存').first().waitFor();

    const viewings = drawer.getByTestId('viewings-of-customer');
    await expect(viewings.locator('tbody tr').first()).toContainText(`${day} 10:15`);
    await shot(page, 'crm-viewing-china-time');
  });
});
