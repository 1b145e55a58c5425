// A new-home deal as the people who make it click it: the agent reports a customer to a project
// distributed to their company (新增报备); city operations approve the report on 报备审核 and
// confirm the visit; the agent declares the deal (申报成交) with a split core refuses until it
// totals 100%; the store manager approves it (业绩审核通过) on 成交详情, which opens its commission
// order; the order goes through 佣金结算 (submit, approve, two partial receipts) to 已结清, the deal
// shows 已结佣 and the agent's 业绩 this month holds their part. Screenshots at 1440 px and 800 px.
import assert from 'node:assert/strict';
import { api, describe, DEMO_PASSWORD, expect, loginThroughPage, shot, stamp, test } from '../support/fixtures.mjs';

async function apiSession(base, username) {
  const res = await api(base, '/api/v2/fm/login/public/login/web', { username, password: DEMO_PASSWORD });
  assert.equal(res.code, 0, `login ${username}: ${res.message}`);
  return { token: res.data.token, userId: res.data.userId };
}

async function signIn(browser, site, username) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await loginThroughPage(page, site, username);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return { context, page };
}

/** Picks the option of the Arco select `testId` inside `scope` whose label starts with `label`. */
async function choose(page, scope, testId, label) {
  await scope.getByTestId(testId).click();
  await page.locator('.arco-select-popup:visible .arco-select-option', { hasText: label }).first().click();
}

/** Types into a text box or number box of `scope` (Arco puts the test id on the input or its frame). */
async function type(scope, testId, value) {
  const box = scope.getByTestId(testId);
  const input = ['INPUT', 'TEXTAREA'].includes(await box.evaluate((el) => el.tagName)) ? box : box.locator('input, textarea').first();
  await input.fill(value);
}

const yuan = (fen) => `${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}元`;

describe('new-home deals', () => {
  test('a report from 新增报备 through 到访, 申报成交 and 佣金结算 to the agent’s 业绩', async ({ browser, page, site, base }) => {
    const suffix = stamp();
    const customer = `新房客户${suffix}`;
    // A whole mobile no other run reported (the protection period keys 前三后四).
    const phone = `139${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}${suffix.slice(-4)}`;
    const unit = `9幢1单元${suffix}室`;
    const agent = await apiSession(base, 'agent');
    const agentAmount = async () => {
      const res = await api(base, '/api/v1/fm/business/achievement/summary', { group: 'agent' }, agent);
      assert.equal(res.code, 0, res.message);
      return res.data.rows.find((row) => row.id === agent.userId)?.amount ?? 0;
    };
    const before = await agentAmount();

    // The agent reports the customer to 西溪云庐 (全号报备).
    await loginThroughPage(page, site, 'agent');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/business/newHouse`);
    await page.getByTestId('report-list').waitFor();
    await page.getByTestId('report-add').click();
    const form = page.getByTestId('report-form');
    await choose(page, form, 'field-projectId', '西溪云庐');
    await type(form, 'field-customerName', customer);
    await type(form, 'field-customerPhone', phone);
    await choose(page, form, 'field-visitSlot', '下午');
    await shot(page, 'newhouse-report-add');
    await page.locator('.arco-modal:visible').getByTestId('form-submit').click();
    await page.getByText('报备成功，等待项目方审核').first().waitFor();
    const mine = page.getByTestId('report-list').locator('tbody tr', { hasText: customer });
    await expect(mine.getByTestId('report-status')).toHaveText('待审核');
    // The phone shows as every phone of the product does (core's format, 3-4-4).
    await expect(mine.getByTestId('report-phone')).toHaveText(`${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`);
    await shot(page, 'newhouse-report-list');

    // City operations approve it on 报备审核 and confirm the visit. The list opens on what waits
    // for them (待审核 and 审核通过): each move says what it did, and the approved report stays in
    // view with 确认到访, no filter touched.
    const city = await signIn(browser, site, 'city');
    await city.page.goto(`${site}/coc/newHouse/report`);
    const review = city.page.getByTestId('report-list').locator('tbody tr', { hasText: customer });
    await expect(review.getByTestId('report-status')).toHaveText('待审核');
    await review.getByTestId('report-approve').click();
    await city.page.locator('.arco-modal:visible').getByRole('button', { name: /确\s*定/ }).click();
    await expect(city.page.locator('.arco-message', { hasText: '审核通过，客户到访后请确认到访' })).toBeVisible();
    await expect(review.getByTestId('report-status')).toHaveText('审核通过');
    await expect(review.getByTestId('report-visit')).toBeEnabled();
    await shot(city.page, 'newhouse-report-review');
    await review.getByTestId('report-visit').click();
    await city.page.locator('.arco-modal:visible').getByRole('button', { name: /确\s*定/ }).click();
    await expect(city.page.locator('.arco-message', { hasText: '已确认到访，客户为有效客户' })).toBeVisible();
    await shot(city.page, 'newhouse-report-visited');
    // Visited, it no longer waits for the city: it leaves the default view.
    await expect(review).toHaveCount(0);
    await city.context.close();

    // The agent declares the deal: first a split of 90%, which core refuses, then 100%.
    await page.reload();
    await expect(mine.getByTestId('report-status')).toHaveText('有效客户');
    await mine.getByTestId('report-declare').click();
    await page.waitForURL('**/work/business/newHouse/editDeal/**');
    const edit = page.getByTestId('deal-edit');
    await expect(edit.getByTestId('deal-edit-report')).toContainText(customer);
    await type(edit, 'field-unit', unit);
    await type(edit, 'field-area', '98.5');
    await type(edit, 'field-price', '3000000');
    await expect(edit.getByTestId('deal-edit-commission')).toContainText('90,000.00元');
    await type(edit, 'share-percent-0', '70');
    await edit.getByTestId('deal-edit-add-line').click();
    await choose(page, edit, 'share-user-1', '王建国');
    await type(edit, 'share-percent-1', '20');
    await page.keyboard.press('Tab');
    await expect(edit.getByTestId('deal-edit-split-error')).toHaveText('业绩分配合计须为100%（当前为90%）');
    await edit.getByTestId('deal-edit-submit').click();
    await expect(page).toHaveURL(/editDeal/);
    await shot(page, 'newhouse-deal-split-error');
    await type(edit, 'share-percent-1', '30');
    await page.keyboard.press('Tab');
    await expect(edit.getByTestId('deal-edit-split-error')).toHaveCount(0);
    await expect(edit.getByTestId('share-amount-0')).toHaveText('63,000.00元');
    await expect(edit.getByTestId('share-amount-1')).toHaveText('27,000.00元');
    await shot(page, 'newhouse-deal-edit');
    await edit.getByTestId('deal-edit-submit').click();
    await page.waitForURL('**/work/business/newHouse/dealDetail/**');
    await expect(page.getByTestId('deal-status')).toHaveText('业绩待审核');
    const dealUrl = page.url();
    const dealId = Number(dealUrl.split('/').pop());
    // The agent does not review their own deal.
    await expect(page.getByTestId('deal-approve')).toHaveCount(0);

    // The store manager approves it on 成交详情: the commission order opens as a draft.
    const manager = await signIn(browser, site, 'manager');
    await manager.page.goto(dealUrl);
    await manager.page.getByTestId('deal-approve').click();
    await manager.page.locator('.arco-modal:visible').getByRole('button', { name: /确\s*定/ }).click();
    // The move says what it did, as every move of the product does.
    await expect(manager.page.locator('.arco-message', { hasText: '业绩审核通过，已生成佣金单' })).toBeVisible();
    await expect(manager.page.getByTestId('deal-status')).toHaveText('待结佣');
    const orders = manager.page.getByTestId('deal-orders').locator('tbody tr');
    await expect(orders).toHaveCount(1);
    await expect(orders.first()).toContainText('草稿');
    await expect(orders.first()).toContainText('90,000.00元');
    const orderCode = (await orders.first().locator('td').first().innerText()).trim();
    assert.match(orderCode, /^YJ-/);
    await shot(manager.page, 'newhouse-deal-approved');

    // The agent submits the order on 佣金结算, found by the unit.
    const openOrder = async (who) => {
      await who.goto(`${site}/work/business/commission`);
      await who.getByTestId('filter-keyword').fill(unit);
      await who.getByTestId('filter-search').click();
      const row = who.getByTestId('commission-list').locator('tbody tr', { hasText: orderCode });
      // The house shows once, in 房屋; 来源 names the deal it came from (a link to it).
      await expect(row.getByTestId('order-source').first()).toHaveText('新房成交');
      await expect(row.locator('td', { hasText: unit })).toHaveCount(1);
      await row.getByTestId('row-open').click();
      await who.getByTestId('order-drawer').getByText(orderCode).first().waitFor();
      return who.getByTestId('order-drawer');
    };
    let drawer = await openOrder(page);
    await drawer.getByTestId('order-action-submit').click();
    await page.getByTestId('confirm-ok').click();
    await drawer.getByTestId('order-status').getByText('待审核').waitFor();
    await expect(drawer.getByTestId('order-action-pay')).toHaveCount(0);

    // The manager approves it and confirms two partial receipts until it is 已结清.
    drawer = await openOrder(manager.page);
    await drawer.getByTestId('order-action-approve').click();
    await manager.page.getByTestId('confirm-ok').click();
    await drawer.getByTestId('order-status').getByText('待付款').waitFor();
    await drawer.getByTestId('order-action-pay').click();
    const pay = manager.page.getByTestId('order-pay-form');
    await choose(manager.page, pay, 'field-payWay', '银行转账');
    await type(pay, 'field-amount', '40000');
    await manager.page.locator('.arco-modal:visible').getByTestId('form-submit').click();
    await drawer.getByTestId('order-status').getByText('部分付款').waitFor();
    await expect(drawer.getByTestId('order-remaining')).toHaveText('50,000.00元');
    await manager.page.goto(dealUrl);
    await expect(manager.page.getByTestId('deal-status')).toHaveText('部分结佣');
    drawer = await openOrder(manager.page);
    await drawer.getByTestId('order-action-pay').click();
    await choose(manager.page, pay, 'field-payWay', '微信');
    await type(pay, 'field-amount', '50000');
    await manager.page.locator('.arco-modal:visible').getByTestId('form-submit').click();
    await drawer.getByTestId('order-status').getByText('已结清').waitFor();
    await expect(drawer.getByTestId('order-paid')).toHaveText('90,000.00元');
    await expect(drawer.getByTestId('order-receipts').locator('tbody tr')).toHaveCount(2);
    await shot(manager.page, 'newhouse-commission-settled');
    await manager.context.close();

    // The deal is 已结佣, its split counted; the agent's 业绩 this month holds their 70%.
    await page.goto(dealUrl);
    await expect(page.getByTestId('deal-status')).toHaveText('已结佣');
    await expect(page.getByTestId('deal-shares').locator('tbody tr', { hasText: '李晓峰' })).not.toContainText('结佣后计入');
    await expect(page.getByTestId('deal-orders').locator('tbody tr').first()).toContainText('已结清');
    await shot(page, 'newhouse-deal-settled');
    await page.setViewportSize({ width: 800, height: 900 });
    await shot(page, 'newhouse-deal-settled-800');
    await page.setViewportSize({ width: 1440, height: 900 });
    const detail = await api(base, '/api/v1/fm/business/newHouse/deal/detail', { id: dealId }, agent);
    assert.equal(detail.code, 0, detail.message);
    const part = detail.data.shares.filter((s) => s.userId === agent.userId).reduce((sum, s) => sum + s.amount, 0);
    assert.equal(part, 6_300_000);
    const after = before + part;
    assert.equal(await agentAmount(), after);
    await page.goto(`${site}/work/business/achievement`);
    const table = page.getByTestId('achievement-table');
    await expect(table.locator('tbody tr', { hasText: '李晓峰' })).toContainText(yuan(after));
    await shot(page, 'newhouse-achievement');
    await page.setViewportSize({ width: 800, height: 900 });
    await shot(page, 'newhouse-achievement-800');
  });
});
