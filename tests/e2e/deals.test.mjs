// 买卖合同 to 业绩 as a brokerage's people click it: an agent writes a sale contract on a listing
// they keep, adjusts the ACN split (core refuses it until it totals 100%); the manager signs it;
// the agent submits its commission order; the manager approves it and confirms two partial
// receipts (an overpayment shows the server's message) until it is 已结清; the agent's
// performance this month shows the deal. Screenshots at 1440 px and 800 px. The form offers only
// listings 签约 accepts, links a customer found by phone, and points at what an empty save lacks.
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

async function signIn(browser, site, username) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await loginThroughPage(page, site, username);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return { context, page };
}

/** Opens the contract's order from the commission page, found by the contract's number. */
async function openOrder(page, site, code) {
  await page.goto(`${site}/work/business/commission`);
  await page.getByTestId('filter-keyword').fill(code);
  await page.getByTestId('filter-search').click();
  const row = page.getByTestId('commission-list').locator('tbody tr', { hasText: code });
  await row.getByTestId('row-open').click();
  await page.getByTestId('order-drawer').getByText(`YJ-${code}`).first().waitFor();
}

describe('deals', () => {
  test('the contract form offers only signable listings, links a customer and points at what is missing', async ({ page, site, base }) => {
    const agent = await apiSession(base, 'agent');
    const pool = await api(base, '/api/v1/fm/house/old/list', { pageNum: 1, pageSize: 100, status: 1, pool: 2 }, agent);
    assert.equal(pool.code, 0, pool.message);
    const unsignable = pool.data.list[0];
    assert.ok(unsignable, 'the demo company keeps a public-pool listing');
    const mine = await api(base, '/api/v1/fm/house/old/list', { pageNum: 1, pageSize: 100, status: 1, pool: 1, mine: true }, agent);
    const listing = mine.data.list[1] ?? mine.data.list[0];
    const customers = await api(base, '/api/v1/fm/crm/customer/list', { pageNum: 1, pageSize: 20, mine: true }, agent);
    assert.equal(customers.code, 0, customers.message);
    const customer = customers.data.list[0];
    assert.ok(customer, 'the demo agent keeps customers');
    const code = `MM-PICK-${stamp()}`;

    await loginThroughPage(page, site, 'agent');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/business/dealContract`);
    await page.getByTestId('dealContract-list').locator('tbody tr').first().waitFor();
    await page.getByTestId('dealContract-add').click();
    await page.getByTestId('dealContract-edit').waitFor();
    const tabs = page.getByTestId('tabs-bar');
    await expect(tabs).toContainText('新增买卖合同');
    await expect(tabs).not.toContainText('编辑买卖合同');

    // Saving the empty form, at the foot of the page: back to the first field at fault, and a toast.
    await page.getByTestId('form-submit').click();
    await page.locator('.arco-message').getByText(/^合同编号不能为空（共\d+项需要修改）$/).waitFor();
    await expect(page.getByTestId('field-code')).toBeInViewport();
    await shot(page, 'deal-contract-empty-save');

    // The listing picker offers the agent's private listing, never a public-pool one 签约 refuses.
    await page.getByTestId('field-listingId').click();
    const popup = page.locator('.arco-select-popup:visible');
    await popup.getByText(`${listing.communityName} ${listing.roomLabel}`).first().waitFor();
    await expect(popup.getByText(`${unsignable.communityName} ${unsignable.roomLabel}`)).toHaveCount(0);
    await popup.getByText(`${listing.communityName} ${listing.roomLabel}`).first().click();

    // The customer picker finds the agent's customer by phone and fills the party.
    await page.getByTestId('field-customerId').click();
    await page.getByTestId('field-customerId').locator('input').fill(customer.phone);
    await page.locator('.arco-select-popup:visible').getByText(customer.name).first().click();
    await expect(page.getByTestId('field-customerName')).toHaveValue(customer.name);
    await expect(page.getByTestId('field-customerPhone')).toHaveValue(customer.phone.replace(/\s/g, ''));
    await shot(page, 'deal-contract-customer-picked');

    await fill(page, 'code', code);
    await fill(page, 'ownerName', '周业主');
    await fill(page, 'ownerPhone', '13755550011');
    await fill(page, 'price', '280');
    await fill(page, 'ownerCommission', '20000');
    await fill(page, 'customerCommission', '20000');
    await page.getByTestId('form-submit').click();
    const detail = page.getByTestId('dealContract-detail');
    await detail.getByTestId('contract-status').getByText('草签').first().waitFor();
    await expect(detail).toContainText(customer.name);
    // The detail's tab took the edit tab's place.
    await expect(tabs).not.toContainText('新增买卖合同');
    const saved = await api(base, '/api/v1/fm/business/contract/detail', { id: Number(page.url().split('/').pop()) }, agent);
    assert.equal(saved.data.customerId, customer.id);
    assert.equal(saved.data.customerSourceId, customer.ownerId);
    await shot(page, 'deal-contract-linked-detail');
  });

  test('a sale contract from its split to settled commission and the agent’s performance', async ({ browser, page, site, base }) => {
    const agent = await apiSession(base, 'agent');
    const mine = await api(base, '/api/v1/fm/house/old/list', { pageNum: 1, pageSize: 100, status: 1, pool: 1, mine: true }, agent);
    assert.equal(mine.code, 0, mine.message);
    // The middle of the agent's valid listings: the other suites take the first and the last.
    const listing = mine.data.list[Math.floor(mine.data.list.length / 2)];
    assert.ok(listing, 'the demo agent keeps valid listings');
    const code = `MM-E2E-${stamp()}`;
    const agentAmount = async () => {
      const res = await api(base, '/api/v1/fm/business/achievement/summary', { group: 'agent' }, agent);
      assert.equal(res.code, 0, res.message);
      return res.data.rows.find((row) => row.id === agent.userId)?.amount ?? 0;
    };
    const before = await agentAmount();

    // The agent writes the contract.
    await loginThroughPage(page, site, 'agent');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/business/dealContract`);
    await page.getByTestId('dealContract-list').locator('tbody tr').first().waitFor();
    await shot(page, 'deal-contract-list');
    await page.getByTestId('dealContract-add').click();
    await page.getByTestId('dealContract-edit').waitFor();
    await fill(page, 'code', code);
    await choose(page, 'field-listingId', `${listing.communityName} ${listing.roomLabel}`);
    await fill(page, 'ownerName', '周业主');
    await fill(page, 'ownerPhone', '13755550001');
    await fill(page, 'customerName', '吴客户');
    await fill(page, 'customerPhone', '13755550002');
    await fill(page, 'price', '300');
    await fill(page, 'ownerCommission', '30000');
    await fill(page, 'customerCommission', '30000');
    // Filled from the company's template: seven roles, 成交 to the agent.
    const editor = page.getByTestId('split-editor');
    await expect(editor.locator('tbody tr')).toHaveCount(7);
    await expect(page.getByTestId('split-total')).toContainText('比例合计 100%，佣金合计 60,000.00元');
    await page.getByTestId('split-share-0').fill('5');
    await expect(page.getByTestId('split-error')).toHaveText('分成比例合计须为100%，当前为95.00%');
    await page.getByTestId('split-share-6').fill('40');
    await expect(page.getByTestId('split-error')).toHaveCount(0);
    await expect(page.getByTestId('split-amount-6')).toHaveText('24,000.00元');
    await shot(page, 'deal-contract-edit');
    await page.getByTestId('form-submit').click();
    const detail = page.getByTestId('dealContract-detail');
    await detail.getByTestId('contract-status').getByText('草签').first().waitFor();
    await expect(detail.getByTestId('contract-splits')).toContainText('24,000.00元');
    const contractUrl = page.url();

    // The manager signs it: the listing becomes 我司成交 and the order opens as a draft.
    const manager = await signIn(browser, site, 'manager');
    await manager.page.goto(contractUrl);
    await manager.page.getByTestId('contract-action-sign').click();
    await manager.page.getByTestId('confirm-ok').click();
    await manager.page.getByTestId('contract-status').getByText('已签约').first().waitFor();
    await manager.page.getByTestId('order-status').getByText('草稿').first().waitFor();

    // The agent submits the order from the contract.
    await page.reload();
    await page.getByTestId('contract-order-open').click();
    await page.getByTestId('order-drawer').getByTestId('order-action-submit').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('order-drawer').getByTestId('order-status').getByText('待审核').waitFor();
    await expect(page.getByTestId('order-action-pay')).toHaveCount(0);

    // The manager approves it and confirms two receipts.
    await openOrder(manager.page, site, code);
    const drawer = manager.page.getByTestId('order-drawer');
    await drawer.getByTestId('order-action-approve').click();
    await manager.page.getByTestId('confirm-ok').click();
    await drawer.getByTestId('order-status').getByText('待付款').waitFor();
    await drawer.getByTestId('order-action-pay').click();
    await choose(manager.page, 'field-payWay', '银行转账');
    await fill(manager.page, 'amount', '25000');
    await manager.page.getByTestId('form-submit').click();
    await drawer.getByTestId('order-status').getByText('部分付款').waitFor();
    await expect(drawer.getByTestId('order-remaining')).toHaveText('35,000.00元');
    await drawer.getByTestId('order-action-pay').click();
    await choose(manager.page, 'field-payWay', '微信');
    await fill(manager.page, 'amount', '40000');
    await manager.page.getByTestId('form-submit').click();
    await manager.page.getByText('本次收款40,000.00元超过未收金额35,000.00元，请核对').first().waitFor();
    await shot(manager.page, 'deal-commission-overpay');
    await fill(manager.page, 'amount', '35000');
    await manager.page.getByTestId('form-submit').click();
    await drawer.getByTestId('order-status').getByText('已结清').waitFor();
    await expect(drawer.getByTestId('order-paid')).toHaveText('60,000.00元');
    await expect(drawer.getByTestId('order-receipts').locator('tbody tr')).toHaveCount(2);
    await shot(manager.page, 'deal-commission-settled');
    await manager.page.setViewportSize({ width: 800, height: 900 });
    await shot(manager.page, 'deal-commission-settled-800');
    await manager.context.close();

    // The contract is 已结佣 and the agent's performance this month holds their parts.
    await page.goto(contractUrl);
    await page.getByTestId('contract-status').getByText('已结佣').first().waitFor();
    await expect(page.getByTestId('contract-edit')).toHaveCount(0);
    await page.goto(`${site}/work/business/achievement`);
    const table = page.getByTestId('achievement-table');
    await table.locator('tbody tr').first().waitFor();
    const contract = await api(base, '/api/v1/fm/business/contract/detail', { id: Number(contractUrl.split('/').pop()) }, agent);
    const parts = contract.data.splits.filter((line) => line.userId === agent.userId).reduce((sum, line) => sum + line.amount, 0);
    assert.ok(parts >= 2_400_000, 'the agent closed the deal: 成交 40% at least');
    const after = before + parts;
    assert.equal(await agentAmount(), after);
    const yuan = (fen) => `${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}元`;
    await expect(table.locator('tbody tr', { hasText: '李晓峰' })).toContainText(yuan(after));
    await shot(page, 'deal-achievement');
    await page.setViewportSize({ width: 800, height: 900 });
    await shot(page, 'deal-achievement-800');
    await page.goto(contractUrl);
    await page.getByTestId('contract-status').getByText('已结佣').first().waitFor();
    await shot(page, 'deal-contract-detail-800');
  });
});
