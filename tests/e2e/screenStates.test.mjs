// What a screen says when it cannot show what was asked: a page of the product the user is not
// granted (a menu page or the static 办理入职) says 无权限, and a detail address whose id names
// no record says so as an unknown number does, without asking the server.
import assert from 'node:assert/strict';
import { api, DEMO_PASSWORD, describe, expect, loginThroughPage, shot, stamp, test } from '../support/fixtures.mjs';

/** Picks an option of an Arco select by its label. */
async function choose(page, testId, label) {
  await page.getByTestId(testId).click();
  await page.locator('.arco-select-popup:visible').getByText(label, { exact: true }).first().click();
}

describe('pages the user may not open', () => {
  test('办理入职 without its grant says 无权限 at /404, like a menu page', async ({ page, base }) => {
    await loginThroughPage(page, base, 'agent');
    await page.waitForURL('**/work/**');
    await page.goto(`${base}/enrollment`);
    const refusal = page.getByTestId('page-403');
    await refusal.getByText('无权限').waitFor();
    await refusal.getByText('请联系管理员分配').waitFor();
    await refusal.getByText('/enrollment').waitFor();
    assert.equal(new URL(page.url()).pathname, '/404');
    assert.equal(await page.getByText('页面不存在').count(), 0);
    await shot(page, 'enrollment-no-permission');
    // A step page deep inside it too.
    await page.goto(`${base}/enrollment/1/info`);
    await refusal.getByText('/enrollment/1/info').waitFor();
  });
});

describe('a detail address whose id is not a number', () => {
  test('says 数据不存在或已被删除 with 返回列表, and sends no request', async ({ page, base }) => {
    await loginThroughPage(page, base, 'manager');
    await page.waitForURL('**/work/**');
    const asked = [];
    page.on('request', (request) => {
      if (request.url().includes('/staff/detail')) asked.push(request.url());
    });
    await page.goto(`${base}/work/store/userInfo/abc`);
    const error = page.getByTestId('detail-error');
    await error.getByText('无法显示该记录').waitFor();
    await error.getByText('数据不存在或已被删除').waitFor();
    assert.equal(await page.getByText('类型错误').count(), 0, 'no technical message');
    assert.deepEqual(asked, [], 'the server is not asked about an id that names nothing');
    await shot(page, 'detail-id-not-a-number');
    await error.getByText('返回列表').click();
    await page.waitForURL('**/work/store/staff*');
    await page.getByTestId('staff-list').waitFor();

    await page.goto(`${base}/work/enterprise/roleSetting/1x`);
    await page.getByTestId('detail-error').getByText('数据不存在或已被删除').waitFor();
  });
});

/** Labels of a detail page whose text runs past their own cell (under the value beside them). */
const overflowingLabels = (page) =>
  page
    .locator('.detail-page__section .arco-descriptions-item-label')
    .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));

describe('detail pages keep labels clear of their values', () => {
  test('a company’s 门店组 / 门店 / 员工 label stays in its column, clear of 0 / 0 / 0', async ({ page, site }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginThroughPage(page, site, 'city');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/coc/company/index`);
    await page.locator('tr', { hasText: '安居经纪' }).getByTestId('row-detail').click();
    const detail = page.getByTestId('company-detail');
    await detail.getByText('门店组 / 门店 / 员工').waitFor();
    assert.deepEqual(await overflowingLabels(page), []);
    // The label ends left of where its value starts.
    const label = detail.locator('.arco-descriptions-item-label', { hasText: '门店组 / 门店 / 员工' });
    const value = label.locator('xpath=following-sibling::td[1]');
    const [labelBox, valueBox] = [await label.boundingBox(), await value.boundingBox()];
    assert.ok(labelBox.x + labelBox.width <= valueBox.x + 1, 'the label ends before its value');
    await shot(page, 'company-detail-labels');
  });
});

describe('办理入职 marks what 提交审批 needs', () => {
  test('入职状态 carries the required mark, and 提交审批 says 请选择入职状态 beside it', async ({ page, site }) => {
    const suffix = stamp();
    await loginThroughPage(page, site, 'manager');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/enrollment/new`);
    await page.getByTestId('field-username').fill(`mark${suffix}`);
    await page.getByTestId('field-password').fill('Hire@2026');
    await page.getByTestId('field-realName').fill(`林标记${suffix}`);
    await page.getByTestId('field-mobile').fill(`135${suffix}04`);
    await choose(page, 'field-storeId', '西湖店');
    await choose(page, 'field-positionId', '经纪人');
    await page.getByTestId('form-submit').click();
    await page.waitForURL('**/enrollment/*/info');

    const info = page.getByTestId('enrollment-form');
    const item = (field) => info.locator('.arco-form-item', { has: page.getByTestId(`field-${field}`) });
    await item('workingStatus').waitFor();
    // Marked as every other detail approval needs.
    for (const field of ['workingStatus', 'idNumber', 'maritalStatus']) {
      assert.equal(await item(field).locator('.arco-form-item-symbol').count(), 1, `${field} is marked required`);
    }
    assert.equal(await item('address').locator('.arco-form-item-symbol').count(), 0, '联系地址 is optional');
    await page.getByTestId('enrollment-submit').click();
    await item('workingStatus').locator('.arco-form-message').getByText('请选择入职状态').waitFor();
    await shot(page, 'enrollment-info-required');
  });
});

describe('操作日志', () => {
  test('scrolled to the bottom, its last row shows whole above the pagination bar, which fits its card', async ({ page, base }) => {
    // A full page of entries: companies the city operator adds.
    const login = await api(base, '/api/v2/fm/login/public/login/web', { username: 'city', password: DEMO_PASSWORD });
    const city = { token: login.data.token, userId: login.data.userId };
    const suffix = stamp();
    for (let n = 0; n < 10; n += 1) {
      const added = await api(base, '/api/v1/fm/org/company/add', { name: `日志公司${suffix}${n}`, scope: 2 }, city);
      assert.equal(added.code, 0, added.message);
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await loginThroughPage(page, base, 'admin');
    await page.waitForURL('**/adminConfig/**');
    const log = page.getByTestId('audit-log');
    await log.locator('tbody tr').nth(9).waitFor();
    await page.locator('.app-main__content').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForTimeout(200);
    const rows = log.locator('tbody tr');
    const last = await rows.last().boundingBox();
    const bar = await log.locator('.pagination-bar').boundingBox();
    const card = await log.boundingBox();
    await shot(page, 'audit-log-bottom');
    assert.ok(last.y + last.height <= bar.y + 1, `last row ends at ${last.y + last.height}, the bar starts at ${bar.y}`);
    // The bar is the card's own footer: no wider than the card, and not past its bottom.
    assert.ok(bar.x >= card.x - 1 && bar.x + bar.width <= card.x + card.width + 1, 'the bar keeps to the card’s sides');
    assert.ok(bar.y + bar.height <= card.y + card.height + 1, 'the bar ends with the card');
  });
});

describe('dialogs give focus back', () => {
  test('after Esc closes a dialog, the button that opened it has focus again', async ({ page, base }) => {
    await loginThroughPage(page, base, 'manager');
    await page.waitForURL('**/work/**');
    await page.goto(`${base}/work/enterprise/station`);
    const opener = page.locator('[data-testid$="-add"]').first();
    await opener.focus();
    await page.keyboard.press('Enter');
    const modal = page.locator('.arco-modal:visible');
    await modal.waitFor();
    // 岗位's first field is a text box: Esc there is the dialog's.
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    await expect(opener).toBeFocused();
    // Opened by a click and closed by 取消 alike.
    await opener.click();
    await modal.waitFor();
    await modal.getByText('取消').click();
    await modal.waitFor({ state: 'hidden' });
    await expect(opener).toBeFocused();
  });
});
