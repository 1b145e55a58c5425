// The contract form and detail as an agent and a manager use them: picking the listing fills
// 业主姓名 and 业主电话 as the listing's phone rules let the caller see them (whole for its
// maintainer, revealed on record for a holder of 查看电话, never for anyone else); a reload (F5)
// of a new contract keeps everything typed, and saving or cancelling drops the draft; the saved
// contract links its 关联客户 to the customer page. On 佣金结算 the manager who wrote a contract is
// not offered 审核通过 on its order (four eyes); the boss is.
import assert from 'node:assert/strict';
import { api, describe, DEMO_PASSWORD, expect, loginThroughPage, shot, stamp, test } from '../support/fixtures.mjs';

async function apiSession(base, username) {
  const res = await api(base, '/api/v2/fm/login/public/login/web', { username, password: DEMO_PASSWORD });
  assert.equal(res.code, 0, `login ${username}: ${res.message}`);
  return { token: res.data.token, userId: res.data.userId };
}

async function input(page, field) {
  const box = page.getByTestId(`field-${field}`);
  return (await box.evaluate((node) => ['INPUT', 'TEXTAREA'].includes(node.tagName))) ? box : box.locator('input, textarea').first();
}

async function fill(page, field, value) {
  await (await input(page, field)).fill(value);
}

async function value(page, field) {
  return (await input(page, field)).inputValue();
}

async function choose(page, testId, label) {
  await page.getByTestId(testId).click();
  await page.locator('.arco-select-popup:visible').getByText(label).first().click();
}

const digits = (phone) => phone.replace(/\s/g, '');

describe('contract form', () => {
  test('the listing fills its owner, F5 keeps the draft, and the detail links the customer', async ({ page, site, base }) => {
    const agent = await apiSession(base, 'agent');
    const mine = await api(base, '/api/v1/fm/house/old/list', { pageNum: 1, pageSize: 100, status: 1, pool: 1, mine: true }, agent);
    assert.equal(mine.code, 0, mine.message);
    const listing = mine.data.list[0];
    assert.ok(listing, 'the demo agent keeps valid listings');
    assert.equal(listing.phoneAccess, 'full', 'the agent keeps the listing');
    const customers = await api(base, '/api/v1/fm/crm/customer/list', { pageNum: 1, pageSize: 20, mine: true }, agent);
    const customer = customers.data.list[0];
    assert.ok(customer, 'the demo agent keeps customers');
    const code = `MM-DRAFT-${stamp()}`;

    await loginThroughPage(page, site, 'agent');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/business/dealContract`);
    await page.getByTestId('dealContract-list').locator('tbody tr').first().waitFor();
    await page.getByTestId('dealContract-add').click();
    await page.getByTestId('dealContract-edit').waitFor();

    // The maintainer's listing: its owner's name and whole phone, as digits.
    await fill(page, 'code', code);
    await choose(page, 'field-listingId', `${listing.communityName} ${listing.roomLabel}`);
    await expect.poll(() => value(page, 'ownerName')).toBe(listing.ownerName);
    await expect.poll(() => value(page, 'ownerPhone')).toBe(digits(listing.ownerPhone));
    await expect(page.getByTestId('owner-phone-hint')).toHaveCount(0);
    await shot(page, 'contract-owner-filled');

    await page.getByTestId('field-customerId').click();
    await page.getByTestId('field-customerId').locator('input').fill(customer.phone);
    await page.locator('.arco-select-popup:visible').getByText(customer.name).first().click();
    await expect.poll(() => value(page, 'customerName')).toBe(customer.name);
    await fill(page, 'price', '288');
    await fill(page, 'ownerCommission', '15000');
    await fill(page, 'customerCommission', '15000');
    await page.getByTestId('split-share-0').fill('5');
    await page.getByTestId('split-share-6').fill('40');
    await expect(page.getByTestId('split-error')).toHaveCount(0);

    // F5: everything typed is still there, the split as adjusted by hand.
    await page.reload();
    await page.getByTestId('dealContract-edit').waitFor();
    await expect.poll(() => value(page, 'code')).toBe(code);
    await expect.poll(() => value(page, 'ownerName')).toBe(listing.ownerName);
    await expect.poll(() => value(page, 'ownerPhone')).toBe(digits(listing.ownerPhone));
    await expect.poll(() => value(page, 'customerName')).toBe(customer.name);
    await expect.poll(() => value(page, 'price')).toBe('288');
    await expect(page.getByTestId('field-listingId')).toContainText(`${listing.communityName} ${listing.roomLabel}`);
    await expect(page.getByTestId('field-customerId')).toContainText(customer.name);
    await expect(page.getByTestId('split-share-0')).toHaveValue('5');
    await expect(page.getByTestId('split-share-6')).toHaveValue('40');
    await expect(page.getByTestId('split-total')).toContainText('比例合计 100%，佣金合计 30,000.00元');
    await shot(page, 'contract-draft-after-reload');

    // Saved: the detail links its customer to the customer page, where the customer opens.
    await page.getByTestId('form-submit').click();
    const detail = page.getByTestId('dealContract-detail');
    await detail.getByTestId('contract-status').getByText('草签').first().waitFor();
    await expect(detail.getByTestId('contract-customer')).toHaveText(customer.name);
    await shot(page, 'contract-detail-customer-link');
    await detail.getByTestId('contract-customer').click();
    await page.waitForURL('**/work/crm/customer**');
    await expect(page.getByTestId('customer-basic')).toContainText(customer.name);
    await shot(page, 'contract-customer-opened');

    // The draft went with the save: a new form is empty; what is typed and cancelled is gone too.
    await page.goto(`${site}/work/business/dealContract`);
    await page.getByTestId('dealContract-add').click();
    await page.getByTestId('dealContract-edit').waitFor();
    await expect.poll(() => value(page, 'code')).toBe('');
    await fill(page, 'code', `${code}-X`);
    await page.getByTestId('form-cancel').click();
    await page.getByTestId('dealContract-list').waitFor();
    await page.getByTestId('dealContract-add').click();
    await page.getByTestId('dealContract-edit').waitFor();
    await page.reload();
    await page.getByTestId('dealContract-edit').waitFor();
    await expect.poll(() => value(page, 'code')).toBe('');
  });

  test('a manager gets an owner phone by a recorded reveal; an agent without 查看电话 is told to ask', async ({ browser, page, site, base }) => {
    const manager = await apiSession(base, 'manager');
    const listings = await api(base, '/api/v1/fm/house/old/list', { pageNum: 1, pageSize: 100, status: 1, pool: 1 }, manager);
    assert.equal(listings.code, 0, listings.message);
    const revealable = listings.data.list.find((row) => row.phoneAccess === 'reveal');
    assert.ok(revealable, 'the manager may reveal an agent’s listing phone (查看电话)');
    const whole = await api(base, '/api/v1/fm/house/old/revealPhone', { id: revealable.id }, manager);
    assert.equal(whole.code, 0, whole.message);

    await loginThroughPage(page, site, 'manager');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/business/dealContract`);
    await page.getByTestId('dealContract-add').click();
    await page.getByTestId('dealContract-edit').waitFor();
    await choose(page, 'field-listingId', `${revealable.communityName} ${revealable.roomLabel}`);
    await expect.poll(() => value(page, 'ownerName')).toBe(revealable.ownerName);
    await expect.poll(() => value(page, 'ownerPhone')).toBe(digits(whole.data.ownerPhone));
    await page.getByTestId('form-cancel').click();

    // An agent (no 查看电话) on a colleague's listing of the store: the name, and a word to ask.
    const agent = await apiSession(base, 'agent');
    const store = await api(base, '/api/v1/fm/house/old/list', { pageNum: 1, pageSize: 100, status: 1, pool: 1 }, agent);
    const masked = store.data.list.find((row) => row.phoneAccess === 'masked');
    assert.ok(masked, 'the agent reads a colleague’s listing whose owner phone is masked for them');
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const other = await context.newPage();
    await loginThroughPage(other, site, 'agent');
    await other.waitForURL((url) => !url.pathname.startsWith('/login'));
    await other.goto(`${site}/work/business/dealContract`);
    await other.getByTestId('dealContract-add').click();
    await other.getByTestId('dealContract-edit').waitFor();
    // Typed by hand first, then the listing chosen: the typed phone stays, the owner's is not shown.
    await fill(other, 'ownerPhone', '13755550099');
    await choose(other, 'field-listingId', `${masked.communityName} ${masked.roomLabel}`);
    await expect.poll(() => value(other, 'ownerName')).toBe(masked.ownerName);
    await expect(other.getByTestId('owner-phone-hint')).toHaveText('您无权查看该房源的业主电话，请向房源维护人索取后填写');
    assert.equal(await value(other, 'ownerPhone'), '13755550099');
    // Nowhere on the page: the manager's reveal says what the owner's phone is.
    const secret = await api(base, '/api/v1/fm/house/old/revealPhone', { id: masked.id }, manager);
    assert.equal(secret.code, 0, secret.message);
    const html = await other.content();
    assert.ok(!html.includes(digits(secret.data.ownerPhone)) && !html.includes(secret.data.ownerPhone), 'the owner phone is not leaked');
    await shot(other, 'contract-owner-phone-hidden');
    await context.close();
  });

  test('the manager who wrote a contract is not offered 审核通过 on its order; the boss is', async ({ browser, page, site, base }) => {
    const agent = await apiSession(base, 'agent');
    const manager = await apiSession(base, 'manager');
    const mine = await api(base, '/api/v1/fm/house/old/list', { pageNum: 1, pageSize: 100, status: 1, pool: 1, mine: true }, agent);
    // The second-to-last: the sale suite takes the middle, others the first and the last.
    const listing = mine.data.list.at(-2);
    assert.ok(listing, 'the demo agent keeps valid listings');
    const code = `MM-4EYES-${stamp()}`;
    const written = await api(
      base,
      '/api/v1/fm/business/contract/add',
      {
        kind: 1,
        code,
        listingId: listing.id,
        ownerName: '钱业主',
        ownerPhone: '13755550081',
        customerName: '孙客户',
        customerPhone: '13755550082',
        price: '260',
        ownerCommission: '10000',
        customerCommission: '10000',
        agentId: agent.userId,
      },
      manager,
    );
    assert.equal(written.code, 0, written.message);
    const signed = await api(base, '/api/v1/fm/business/contract/transition', { id: written.data.id, action: 'sign' }, manager);
    assert.equal(signed.code, 0, signed.message);
    const submitted = await api(base, '/api/v1/fm/business/commission/transition', { id: signed.data.orderId, action: 'submit' }, agent);
    assert.equal(submitted.code, 0, submitted.message);

    const open = async (who) => {
      await who.goto(`${site}/work/business/commission`);
      await who.getByTestId('filter-keyword').fill(code);
      await who.getByTestId('filter-search').click();
      await who.getByTestId('commission-list').locator('tbody tr', { hasText: code }).getByTestId('row-open').click();
      const drawer = who.getByTestId('order-drawer');
      await drawer.getByText(`YJ-${code}`).first().waitFor();
      return drawer;
    };
    await loginThroughPage(page, site, 'manager');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    let drawer = await open(page);
    await drawer.getByTestId('order-status').getByText('待审核').waitFor();
    await expect(drawer.getByTestId('order-action-reject')).toBeVisible();
    await expect(drawer.getByTestId('order-action-approve')).toHaveCount(0);
    await shot(page, 'commission-own-order');

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const boss = await context.newPage();
    await loginThroughPage(boss, site, 'boss');
    await boss.waitForURL((url) => !url.pathname.startsWith('/login'));
    drawer = await open(boss);
    await drawer.getByTestId('order-action-approve').click();
    await boss.getByTestId('confirm-ok').click();
    await boss.getByText('审核通过成功').first().waitFor();
    await drawer.getByTestId('order-status').getByText('待付款').waitFor();
    await shot(boss, 'commission-approved-by-another');
    await context.close();
  });
});

