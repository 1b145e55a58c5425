// 房源 maps and 导出 as a store's people meet them. Without an AMap key in runtime-config.json
// (the shipped default) the community, second-hand, rental and new-home detail pages say the map
// is not configured, show the coordinates, and nothing is fetched from AMap. A manager narrows
// the second-hand list, clicks 导出 and gets a file with exactly the filtered rows, numbers as
// number cells and owner phones masked as on screen.
import assert from 'node:assert/strict';
import { api, describe, DEMO_PASSWORD, loginThroughPage, shot, test } from '../support/fixtures.mjs';
import { readXlsx } from '../support/xlsx.mjs';

async function apiSession(base, username) {
  const res = await api(base, '/api/v2/fm/login/public/login/web', { username, password: DEMO_PASSWORD });
  assert.equal(res.code, 0, `login ${username}: ${res.message}`);
  return { token: res.data.token, userId: res.data.userId };
}

async function listed(base, session, path, filter = {}) {
  const res = await api(base, path, { pageNum: 1, pageSize: 100, ...filter }, session);
  assert.equal(res.code, 0, res.message);
  return res.data;
}

async function choose(page, testId, label) {
  await page.getByTestId(testId).click();
  await page.locator('.arco-select-popup:visible').getByText(label, { exact: true }).first().click();
}

/** The map area of the page, once it has settled on "not configured". */
async function unconfiguredMap(page) {
  const map = page.getByTestId('location-map');
  await map.waitFor();
  assert.equal(await map.getAttribute('data-state'), 'unconfigured');
  await map.getByText('地图未配置').waitFor();
  await map.getByTestId('location-map-point').getByText(/^经度 \d+(\.\d+)?，纬度 \d+(\.\d+)?$/).waitFor();
  return map;
}

describe('house maps and export', () => {
  test('without an AMap key every detail page says the map is not configured', async ({ browser, page, site, base }) => {
    const amapRequests = [];
    const errors = [];
    const watch = (watched) => {
      watched.on('request', (request) => {
        if (request.url().includes('amap.com')) amapRequests.push(request.url());
      });
      watched.on('pageerror', (error) => errors.push(error.message));
    };
    watch(page);
    const manager = await apiSession(base, 'manager');
    const agent = await apiSession(base, 'agent');
    // A demo community (seeded with its coordinates), not whichever a spec before this one added.
    const community = (await listed(base, manager, '/api/v1/fm/house/community/list', { keyword: '西溪诚园' })).list[0];
    const sale = (await listed(base, manager, '/api/v1/fm/house/old/list', { status: 1 })).list[0];
    const rental = (await listed(base, manager, '/api/v1/fm/house/rental/list')).list[0];
    const project = (await listed(base, agent, '/api/v1/fm/house/newHouse/list')).list[0];
    assert.ok(community && sale && rental && project, 'the demo has one of each');

    await loginThroughPage(page, site, 'manager');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/house/communityDetail/${community.id}`);
    const map = await unconfiguredMap(page);
    await map.scrollIntoViewIfNeeded();
    await shot(page, 'house-map-unconfigured-community');
    await page.goto(`${site}/work/house/old/detail/${sale.id}`);
    await unconfiguredMap(page);
    await page.getByTestId('location-map').scrollIntoViewIfNeeded();
    await shot(page, 'house-map-unconfigured-old');
    await page.goto(`${site}/work/house/rental/detail/${rental.id}`);
    await unconfiguredMap(page);
    // The rest of the page is there: the map area broke nothing.
    await page.getByText('跟进记录').first().waitFor();

    // New homes are the agent's: the projects distributed to their store.
    const context = await browser.newContext();
    const agentPage = await context.newPage();
    watch(agentPage);
    await loginThroughPage(agentPage, site, 'agent');
    await agentPage.waitForURL((url) => !url.pathname.startsWith('/login'));
    await agentPage.goto(`${site}/work/newHouse/detail/${project.id}`);
    await unconfiguredMap(agentPage);
    await agentPage.getByTestId('newHome-house-types').waitFor();
    await agentPage.getByTestId('location-map').scrollIntoViewIfNeeded();
    await shot(agentPage, 'house-map-unconfigured-newhome');
    await context.close();

    assert.deepEqual(amapRequests, [], 'nothing is loaded from AMap without a key');
    assert.deepEqual(errors, []);
  });

  test('导出 downloads the filtered rows with numbers as numbers', async ({ page, site, base }) => {
    const manager = await apiSession(base, 'manager');
    await loginThroughPage(page, site, 'manager');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/house/old`);
    await page.getByTestId('old-house').locator('tbody tr').first().waitFor();
    // The filter the page asks the list for, as it sent it.
    const sent = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/fm/house/old/list')) sent.push(request.postDataJSON());
    });
    await choose(page, 'filter-priceRange', '200-300万');
    await page.getByTestId('filter-search').click();
    await page.waitForFunction(() => !!document.querySelector('[data-testid="pagination"]')?.textContent?.match(/共\d+条/));
    await page.waitForLoadState('networkidle');
    const last = sent.filter((body) => body && body.priceRange !== undefined && body.priceRange !== null).at(-1);
    assert.ok(last, `the list was asked with the price filter: ${JSON.stringify(sent)}`);
    const { pageNum, pageSize, ...filter } = last;
    assert.ok(pageNum && pageSize);
    const shown = Number((await page.getByTestId('pagination').getByText(/共\d+条/).textContent()).match(/\d+/)[0]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('old-house-export').click(),
    ]);
    assert.equal(download.suggestedFilename(), '二手房源.xlsx');
    const chunks = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk);
    const rows = readXlsx(Buffer.concat(chunks));
    await shot(page, 'house-old-exported');

    const header = rows[0].map((cell) => cell.value);
    assert.deepEqual(header.slice(6, 9), ['建筑面积(㎡)', '所在楼层', '总楼层']);
    assert.equal(header[11], '总价(万元)');
    assert.equal(header[18], '业主电话');
    // The 200-300万 rows the list counts, the same ones the server lists for that filter.
    const expected = await listed(base, manager, '/api/v1/fm/house/old/list', filter);
    assert.equal(rows.length - 1, shown, 'a line per listed row');
    assert.equal(expected.total, shown);
    const ids = rows.slice(1).map((line) => line[0].value);
    assert.deepEqual(ids, expected.list.map((row) => row.id));
    for (const [index, line] of rows.slice(1).entries()) {
      const row = expected.list[index];
      for (const column of [0, 6, 7, 8, 11, 12]) assert.equal(line[column].type, 'n', `column ${header[column]} is a number`);
      assert.ok(line[11].value >= 200 && line[11].value <= 300, `${line[11].value}万 is in 200-300万`);
      assert.equal(Math.round(line[6].value * 100), row.area);
      assert.equal(line[18].value, row.ownerPhone, 'the phone as on screen');
    }
    assert.ok(rows.slice(1).some((line) => line[18].value.includes('****')), 'an agent’s owner stays masked');
  });
});
