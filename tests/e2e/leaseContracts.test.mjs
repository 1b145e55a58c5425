// 租赁合同 as a brokerage's people click it: an agent writes a lease contract on a rental they
// keep (the address and the owner come from the rental), adjusts its ACN split (core refuses it
// until it totals 100%) and saves it as 草签; the store manager signs it: the rental becomes
// 我司租出 and the commission order opens as a draft. Screenshots at 1440 px and 800 px.
import assert from 'node:assert/strict';
import { api, describe, DEMO_PASSWORD, expect, loginThroughPage, shot, stamp, test } from '../support/fixtures.mjs';

async function apiSession(base, username) {
  const res = await api(base, '/api/v2/fm/login/public/login/web', { username, password: DEMO_PASSWORD });
  assert.equal(res.code, 0, `login ${username}: ${res.message}`);
  return { token: res.data.token, userId: res.data.userId };
}

async function choose(page, testId, label) {
  await page.getByTestId(testId).click();
  await page.locator('.arco-select-popup:visible').getByText(label).first().click();
}

async function fill(page, field, value) {
  const box = page.getByTestId(`field-${field}`);
  const input = (await box.evaluate((node) => ['INPUT', 'TEXTAREA'].includes(node.tagName))) ? box : box.locator('input, textarea').first();
  await input.fill(value);
}

async function value(page, field) {
  const box = page.getByTestId(`field-${field}`);
  const input = (await box.evaluate((node) => ['INPUT', 'TEXTAREA'].includes(node.tagName))) ? box : box.locator('input, textarea').first();
  return input.inputValue();
}

describe('lease contracts', () => {
  test('an agent writes a lease contract with a split and the manager signs it', async ({ browser, page, site, base }) => {
    const agent = await apiSession(base, 'agent');
    const mine = await api(base, '/api/v1/fm/house/rental/list', { pageNum: 1, pageSize: 100, status: 1, pool: 1, mine: true }, agent);
    assert.equal(mine.code, 0, mine.message);
    // The middle of the agent's valid rentals: the rental suite takes the last.
    const rental = mine.data.list[Math.floor(mine.data.list.length / 2)];
    assert.ok(rental, 'the demo agent keeps valid rentals');
    assert.equal(rental.phoneAccess, 'full', 'the agent keeps the rental, so sees its owner whole');
    const code = `ZL-E2E-${stamp()}`;
    const label = `${rental.communityName} ${rental.roomLabel}`;

    await loginThroughPage(page, site, 'agent');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/business/leaseContract`);
    await page.getByTestId('leaseContract-list').locator('tbody tr').first().waitFor();
    await page.getByTestId('leaseContract-add').click();
    await page.getByTestId('leaseContract-edit').waitFor();
    await expect(page.getByTestId('tabs-bar')).toContainText('新增租赁合同');

    // The rental gives the address and its owner.
    await fill(page, 'code', code);
    await choose(page, 'field-listingId', label);
    await expect.poll(() => value(page, 'address')).toBe(label);
    await expect.poll(() => value(page, 'ownerName')).toBe(rental.ownerName);
    await expect.poll(() => value(page, 'ownerPhone')).toBe(rental.ownerPhone.replace(/\s/g, ''));
    await fill(page, 'customerName', '韩租客');
    await fill(page, 'customerPhone', '13755550071');
    await fill(page, 'price', '4500');
    await fill(page, 'leaseMonths', '12');
    await fill(page, 'deposit', '9000');
    await fill(page, 'ownerCommission', '2250');
    await fill(page, 'customerCommission', '2250');

    // The split from the company's template: seven roles, 成交 to the agent; 5% moved to 成交.
    const editor = page.getByTestId('split-editor');
    await expect(editor.locator('tbody tr')).toHaveCount(7);
    await expect(page.getByTestId('split-total')).toContainText('比例合计 100%，佣金合计 4,500.00元');
    await page.getByTestId('split-share-0').fill('5');
    await expect(page.getByTestId('split-error')).toHaveText('分成比例合计须为100%，当前为95.00%');
    await page.getByTestId('form-submit').click();
    await expect(page.getByTestId('leaseContract-edit')).toBeVisible();
    await shot(page, 'lease-contract-split-error');
    await page.getByTestId('split-share-6').fill('40');
    await expect(page.getByTestId('split-error')).toHaveCount(0);
    await expect(page.getByTestId('split-amount-0')).toHaveText('225.00元');
    await expect(page.getByTestId('split-amount-6')).toHaveText('1,800.00元');
    await shot(page, 'lease-contract-edit');
    await page.getByTestId('form-submit').click();

    const detail = page.getByTestId('leaseContract-detail');
    await detail.getByTestId('contract-status').getByText('草签').first().waitFor();
    await expect(detail).toContainText('月租金：4,500元/月');
    await expect(detail).toContainText('12个月');
    await expect(detail.getByTestId('contract-splits')).toContainText('1,800.00元');
    await expect(detail.getByTestId('contract-listing')).toHaveText(label);
    const contractUrl = page.url();
    const id = Number(contractUrl.split('/').pop());
    // An agent does not sign.
    await expect(detail.getByTestId('contract-action-sign')).toHaveCount(0);

    // The store manager signs it: 已签约, its order a draft, the rental 我司租出.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const manager = await context.newPage();
    await loginThroughPage(manager, site, 'manager');
    await manager.waitForURL((url) => !url.pathname.startsWith('/login'));
    await manager.goto(contractUrl);
    await manager.getByTestId('contract-action-sign').click();
    await manager.getByTestId('confirm-ok').click();
    await manager.getByText('签约成功').first().waitFor();
    await manager.getByTestId('contract-status').getByText('已签约').first().waitFor();
    await manager.getByTestId('order-status').getByText('草稿').first().waitFor();
    await shot(manager, 'lease-contract-signed');
    await manager.setViewportSize({ width: 800, height: 900 });
    await shot(manager, 'lease-contract-signed-800');
    await context.close();

    const saved = await api(base, '/api/v1/fm/business/contract/detail', { id }, agent);
    assert.equal(saved.code, 0, saved.message);
    assert.equal(saved.data.kind, 2);
    assert.equal(saved.data.price, 450_000, 'the monthly rent in fen');
    assert.equal(saved.data.splits.reduce((sum, line) => sum + line.amount, 0), 450_000, 'the split to the fen');
    const house = await api(base, '/api/v1/fm/house/rental/detail', { id: rental.id }, agent);
    assert.equal(house.data.status, 5, 'the rental is 我司租出');
    await page.goto(`${site}/work/business/leaseContract`);
    const row = page.getByTestId('leaseContract-list').locator('tbody tr', { hasText: code });
    await expect(row.getByTestId('contract-status')).toHaveText('已签约');
    await shot(page, 'lease-contract-list');
  });
});
