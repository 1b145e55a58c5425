// 全部客户 as a store's people meet it: an agent enters a customer in the drawer (a duplicate
// phone is refused under the phone, naming who holds it), writes a follow-up and sees it in the
// customer's drawer; the home page's 今日待跟进 opens a customer; a manager transfers a customer
// to an agent, who then finds it among their own. Screenshots at 1440 and 800 px.
import assert from 'node:assert/strict';
import { api, describe, DEMO_PASSWORD, expect, loginThroughPage, shot, stamp, test } from '../support/fixtures.mjs';

const LIST = '/api/v1/fm/crm/customer/list';

async function apiSession(base, username) {
  const res = await api(base, '/api/v2/fm/login/public/login/web', { username, password: DEMO_PASSWORD });
  assert.equal(res.code, 0, `login ${username}: ${res.message}`);
  return { token: res.data.token, userId: res.data.userId };
}

/** A mobile nobody else in the run uses. */
const mobile = () => `1351${stamp()}${String(Math.floor(Math.random() * 10))}`;

async function choose(page, testId, label) {
  await page.getByTestId(testId).click();
  await page.locator('.arco-select-popup:visible').getByText(label, { exact: true }).first().click();
}

/** Fills a form control by its test id, whether the id sits on the box or on its wrapper. */
async function fill(page, testId, value) {
  const box = page.getByTestId(testId);
  const tag = await box.evaluate((node) => node.tagName);
  const input = tag === 'INPUT' || tag === 'TEXTAREA' ? box : box.locator('input, textarea').first();
  await input.fill(value);
}

async function signIn(page, site, username) {
  await loginThroughPage(page, site, username);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

async function openList(page, site) {
  await page.goto(`${site}/work/crm/customer`);
  await page.getByTestId('crm-customer').locator('tbody tr').first().waitFor();
}

/** Closes the customer's drawer with its ✕, as a person would. */
async function closeDrawer(page) {
  await page.locator('.arco-drawer-close-icon:visible').last().click();
  await page.getByTestId('customer-drawer').waitFor({ state: 'detached' });
}

/** 查询, waiting for the list's answer and its rows. */
async function search(page) {
  const answered = page.waitForResponse((res) => res.url().includes(LIST));
  await page.getByTestId('filter-search').click();
  await answered;
  await page.getByTestId('crm-customer').locator('tbody tr').first().waitFor();
}

/** Types a name into the list's keyword filter and waits for its row. */
async function findRow(page, name) {
  await page.getByTestId('filter-keyword').fill(name);
  await page.getByTestId('filter-search').click();
  const row = page.getByTestId('crm-customer').locator('tbody tr', { hasText: name });
  await row.first().waitFor();
  return row.first();
}

describe('customers', () => {
  test('an agent adds a customer, is told of a duplicate phone, and follows the customer up', async ({ page, site }) => {
    const name = `测客${stamp()}`;
    const phone = mobile();
    await signIn(page, site, 'agent');
    await openList(page, site);
    await shot(page, 'crm-customer-list');

    await page.getByTestId('customer-add').click();
    const form = page.getByTestId('customer-form');
    await form.waitFor();
    await fill(page, 'field-name', name);
    await choose(page, 'field-sex', '女士');
    await fill(page, 'field-phone', phone);
    await choose(page, 'field-level', '★★');
    await choose(page, 'field-demand', '二手房购买');
    await fill(page, 'field-budgetMin', '200');
    await fill(page, 'field-budgetMax', '300');
    await fill(page, 'field-areaMin', '80');
    await fill(page, 'field-areaMax', '120');
    await choose(page, 'field-source', '门店接待');
    await fill(page, 'field-remark', '周末看房，想要学区');
    await shot(page, 'crm-customer-add');
    await page.getByTestId('customer-save').click();

    // Saved, the new customer opens in its drawer.
    const drawer = page.getByTestId('customer-drawer');
    await drawer.getByText(`${name} 女士`).first().waitFor();
    await drawer.getByText('200-300万').first().waitFor();
    await drawer.getByText('80-120㎡').first().waitFor();
    const number = Number(await drawer.getByTestId('customer-basic').locator('.arco-descriptions-item-value').first().textContent());
    assert.ok(number > 0, 'the drawer shows the customer number');

    // 跟进记录: a follow-up from core's form, with the next date, shows in the drawer.
    await drawer.getByRole('tab', { name: '跟进记录' }).click();
    await drawer.getByTestId('follow-up-add').click();
    const followUp = page.getByTestId('follow-up-form');
    await followUp.waitFor();
    await choose(page, 'field-way', '面谈');
    await fill(page, 'field-content', '到店面谈，预算可上浮到320万');
    const next = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await fill(page, 'field-nextAt', next);
    await page.keyboard.press('Enter');
    await page.getByTestId('form-submit').click();
    await page.getByText('跟进已保存').first().waitFor();
    const followUps = drawer.getByTestId('customer-follow-ups');
    await followUps.getByText('到店面谈，预算可上浮到320万').waitFor();
    await followUps.getByText('面谈').first().waitFor();
    await followUps.getByText(next).first().waitFor();
    await shot(page, 'crm-customer-drawer-follow-ups');
    await drawer.getByRole('tab', { name: '基本信息' }).click();
    await drawer.getByText(next).first().waitFor();
    await closeDrawer(page);

    // The same phone, however written, is the agent's own customer already.
    await page.getByTestId('customer-add').click();
    await page.getByTestId('customer-form').waitFor();
    await fill(page, 'field-name', `${name}乙`);
    await choose(page, 'field-sex', '先生');
    await fill(page, 'field-phone', `+86${phone}`);
    await choose(page, 'field-level', '★');
    await choose(page, 'field-demand', '租房');
    await choose(page, 'field-source', '电话咨询');
    await page.getByTestId('customer-save').click();
    const refusal = page.getByTestId('customer-form').getByText(`该客户已是您的私客（客户编号${number}），不能重复录入`);
    await refusal.waitFor();
    await shot(page, 'crm-customer-duplicate-phone');
  });

  test('the list filters by core ranges and the home page reminds of customers due', async ({ page, site }) => {
    await signIn(page, site, 'agent');
    const due = page.getByTestId('due-customers');
    await due.getByTestId('due-customer').first().waitFor();
    await shot(page, 'home-due-customers');
    const first = (await due.getByTestId('due-customer').first().textContent()).trim();
    await due.getByTestId('due-customer').first().click();
    const drawer = page.getByTestId('customer-drawer');
    await drawer.getByText(first).first().waitFor();
    await drawer.getByText('（待跟进）').first().waitFor();
    await closeDrawer(page);

    // 待跟进: every row shown is due.
    const rows = page.getByTestId('crm-customer').locator('tbody tr');
    await choose(page, 'filter-followUp', '待跟进（今日及逾期）');
    await search(page);
    await expect(rows.filter({ hasNotText: '（待跟进）' })).toHaveCount(0);
    await expect(rows.filter({ hasText: '（待跟进）' }).first()).toBeVisible();
    await shot(page, 'crm-customer-list-due');

    // A §9 budget range: every customer shown budgets up to 300万 or more.
    await page.getByRole('button', { name: '重置' }).click();
    await choose(page, 'filter-budgetRange', '300万以上');
    await search(page);
    const budgets = await rows.locator('td:nth-child(5)').allTextContents();
    assert.ok(budgets.length > 0, 'some customers budget 300万 or more');
    for (const text of budgets) {
      const top = text.match(/([\d.]+)万(以上)?$/);
      assert.ok(text === '不限' || (top && (top[2] || Number(top[1]) >= 300)), `budget ${text}`);
    }
    await shot(page, 'crm-customer-list-budget');

    // At 800 px the list and the drawer stay usable.
    await page.setViewportSize({ width: 800, height: 900 });
    await shot(page, 'crm-customer-list-800');
    await page.getByTestId('customer-open').first().click();
    await page.getByTestId('customer-drawer').getByTestId('customer-basic').waitFor();
    await shot(page, 'crm-customer-drawer-800');
  });

  test('a manager transfers a customer to an agent, who then finds it among their own', async ({ page, site, base, browser }) => {
    const manager = await apiSession(base, 'manager');
    const name = `转客${stamp()}`;
    const added = await api(
      base,
      '/api/v1/fm/crm/customer/add',
      { name, sex: 1, phone: mobile(), level: 4, demand: 3, source: 2, budgetMin: '5000', budgetMax: '8000' },
      manager,
    );
    assert.equal(added.code, 0, added.message);

    await signIn(page, site, 'manager');
    await openList(page, site);
    const row = await findRow(page, name);
    await row.getByTestId('row-transfer').click();
    const dialog = page.getByTestId('customer-transfer-form');
    await dialog.waitFor();
    await choose(page, 'field-userId', '李晓峰（西湖店）');
    await shot(page, 'crm-customer-transfer');
    await page.getByTestId('form-submit').click();
    await page.getByText('转移成功').first().waitFor();
    await expect(page.getByTestId('crm-customer').locator('tbody tr', { hasText: name }).first()).toContainText('李晓峰');
    await row.getByTestId('customer-open').click();
    const drawer = page.getByTestId('customer-drawer');
    await drawer.getByRole('tab', { name: '状态历史' }).click();
    await drawer.getByText('由王建国转移给李晓峰').waitFor();
    await shot(page, 'crm-customer-history');

    // The agent now finds it as their own private customer, phone whole.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const agentPage = await context.newPage();
    await signIn(agentPage, site, 'agent');
    await openList(agentPage, site);
    const theirs = await findRow(agentPage, name);
    await expect(theirs).toContainText('李晓峰');
    const text = await theirs.textContent();
    assert.ok(!text.includes('*'), `the agent sees their customer's phone whole: ${text}`);
    await shot(agentPage, 'crm-customer-transferred-agent');
    const agent = await apiSession(base, 'agent');
    const mine = await api(base, LIST, { pageNum: 1, pageSize: 10, keyword: name, mine: true }, agent);
    assert.equal(mine.data.total, 1, JSON.stringify(mine));
    await context.close();
  });

  test('the open customer lives in the address, and Esc closes only the top layer', async ({ page, site, base }) => {
    const agent = await apiSession(base, 'agent');
    const name = `址客${stamp()}`;
    const added = await api(base, '/api/v1/fm/crm/customer/add', { name, sex: 1, phone: mobile(), level: 3, demand: 1, source: 1 }, agent);
    assert.equal(added.code, 0, added.message);
    await signIn(page, site, 'agent');
    await openList(page, site);
    const row = await findRow(page, name);
    await row.getByTestId('customer-open').click();
    const drawer = page.getByTestId('customer-drawer');
    await drawer.getByText(`${name} 先生`).first().waitFor();
    const opened = new URL(page.url());
    assert.ok(opened.searchParams.has('customer'), `the address names the customer: ${page.url()}`);

    // F5 keeps it open; back closes it and forward opens it again, the list in view throughout.
    await page.reload();
    await drawer.getByText(`${name} 先生`).first().waitFor();
    await page.goBack();
    await expect(drawer).toHaveCount(0);
    await expect(page.getByTestId('crm-customer').locator('tbody tr').first()).toBeVisible();
    await page.goForward();
    await drawer.getByText(`${name} 先生`).first().waitFor();

    // 写跟进 over the drawer: one Esc closes the dialog, the drawer stays; the next closes the drawer.
    await drawer.getByRole('tab', { name: '跟进记录' }).click();
    await drawer.getByTestId('follow-up-add').click();
    const followUp = page.getByTestId('follow-up-form');
    await followUp.waitFor();
    await page.getByTestId('field-content').click();
    await page.keyboard.press('Escape');
    await followUp.waitFor({ state: 'detached' });
    await expect(drawer).toBeVisible();
    await shot(page, 'crm-customer-esc-closes-the-dialog-only');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    assert.ok(!new URL(page.url()).searchParams.has('customer'), `closed, the address names no customer: ${page.url()}`);

    // 编辑 (a drawer over the drawer) closes alone on Esc too.
    await row.getByTestId('customer-open').click();
    await drawer.getByTestId('customer-edit').click();
    await page.getByTestId('customer-form').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('customer-form').waitFor({ state: 'detached' });
    await expect(drawer).toBeVisible();
    await closeDrawer(page);

    // An address naming no customer: the list stays in view, no drawer, and the address drops it.
    await page.goto(`${site}/work/crm/customer?customer=abc`);
    await expect(page.getByTestId('crm-customer').locator('tbody tr').first()).toBeVisible();
    await page.waitForURL((url) => !url.searchParams.has('customer'));
    await expect(drawer).toHaveCount(0);
    await shot(page, 'crm-customer-unknown-in-address');
  });

  test('新增客户 keeps a draft over F5, a spaced phone is found by its last digits, and 转公客 asks why', async ({ page, site }) => {
    const name = `稿客${stamp()}`;
    const phone = mobile();
    const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`;
    await signIn(page, site, 'agent');
    await openList(page, site);
    await page.getByTestId('customer-add').click();
    await page.getByTestId('customer-form').waitFor();
    await fill(page, 'field-name', name);
    await fill(page, 'field-phone', spaced);

    // F5 loses nothing: the form brings back what was typed.
    await page.reload();
    await page.getByTestId('crm-customer').locator('tbody tr').first().waitFor();
    await page.getByTestId('customer-add').click();
    await page.getByTestId('draft-notice').waitFor();
    const nameBox = page.getByTestId('field-name');
    const nameInput = (await nameBox.evaluate((node) => node.tagName)) === 'INPUT' ? nameBox : nameBox.locator('input').first();
    assert.equal(await nameInput.inputValue(), name);
    await shot(page, 'crm-customer-draft-restored');
    // Esc with something typed asks first; 继续填写 keeps the form.
    await page.keyboard.press('Escape');
    const confirm = page.locator('.arco-modal', { hasText: '放弃录入？' });
    await confirm.waitFor();
    await shot(page, 'crm-customer-draft-confirm');
    await confirm.getByRole('button', { name: '继续填写' }).click();
    await expect(page.getByTestId('customer-form')).toBeVisible();

    await choose(page, 'field-sex', '先生');
    await choose(page, 'field-level', '★★');
    await choose(page, 'field-demand', '二手房购买');
    await choose(page, 'field-source', '门店接待');
    await page.getByTestId('customer-save').click();
    const drawer = page.getByTestId('customer-drawer');
    await drawer.getByText(`${name} 先生`).first().waitFor();
    // The keyboard starts at the customer, not on a move.
    await expect(drawer).toBeFocused();
    await expect(drawer.getByTestId('customer-action-release')).not.toBeFocused();
    await closeDrawer(page);

    // Found by the phone's last four digits.
    await page.getByTestId('filter-keyword').fill(phone.slice(-4));
    await page.getByTestId('filter-search').click();
    const row = page.getByTestId('crm-customer').locator('tbody tr', { hasText: name }).first();
    await row.waitFor();

    // 转公客 asks why, on core's form, and the history keeps it.
    await row.getByTestId('customer-open').click();
    await drawer.getByTestId('customer-action-release').click();
    const dialog = page.getByTestId('customer-release-form');
    await dialog.waitFor();
    await page.getByTestId('form-submit').click();
    await dialog.getByText('转公客原因不能为空').waitFor();
    await fill(page, 'field-remark', '客户暂缓购房');
    await shot(page, 'crm-customer-release-reason');
    await page.getByTestId('form-submit').click();
    await page.getByText('转公客成功').first().waitFor();
    await drawer.getByRole('tab', { name: '状态历史' }).click();
    await drawer.getByText('客户暂缓购房').waitFor();
    await shot(page, 'crm-customer-release-history');
  });

  test('a rental customer budgets a monthly rent in 元, and the form lines its labels up', async ({ page, site }) => {
    const name = `租客${stamp()}`;
    await signIn(page, site, 'agent');
    await openList(page, site);
    await page.getByTestId('customer-add').click();
    const form = page.getByTestId('customer-form');
    await form.waitFor();
    await expect(form.getByText('预算下限(万元)')).toBeVisible();
    await fill(page, 'field-name', name);
    await choose(page, 'field-sex', '女士');
    await fill(page, 'field-phone', mobile());
    await choose(page, 'field-level', '★★');
    await choose(page, 'field-demand', '租房');
    await expect(form.getByText('月租下限(元)')).toBeVisible();
    await expect(form.getByText('月租上限(元)')).toBeVisible();
    await fill(page, 'field-budgetMin', '3000');
    await fill(page, 'field-budgetMax', '4500');
    await choose(page, 'field-source', '门店接待');
    await fill(page, 'field-remark', '想要近地铁');

    // 备注 spans both columns; its label ends where the first column's labels end.
    const labelEnd = async (text) => {
      const box = await form.locator('.arco-form-label-item', { hasText: text }).first().boundingBox();
      return box.x + box.width;
    };
    const remarkEnd = await labelEnd('备注');
    for (const label of ['客户姓名', '联系电话']) {
      const end = await labelEnd(label);
      assert.ok(Math.abs(end - remarkEnd) <= 4, `备注 ends at ${remarkEnd}, ${label} at ${end}`);
    }
    await shot(page, 'crm-customer-add-rental');
    await page.getByTestId('customer-save').click();
    const drawer = page.getByTestId('customer-drawer');
    await drawer.getByText('3000-4500元/月').first().waitFor();
    await closeDrawer(page);

    // The list shows it so, and 租房 filters by the rent ranges.
    const row = await findRow(page, name);
    await expect(row).toContainText('3000-4500元/月');
    await choose(page, 'filter-demand', '租房');
    await choose(page, 'filter-budgetRange', '3000-5000元');
    await search(page);
    await expect(page.getByTestId('crm-customer').locator('tbody tr', { hasText: name })).toHaveCount(1);
    await shot(page, 'crm-customer-list-rental-budget');
  });

  test('设为无效 asks why, keeps it in the history, and the manager restores the customer', async ({ page, site, base }) => {
    const name = `无效${stamp()}`;
    const agent = await apiSession(base, 'agent');
    const added = await api(
      base,
      '/api/v1/fm/crm/customer/add',
      { name, sex: 1, phone: mobile(), level: 2, demand: 1, source: 1 },
      agent,
    );
    assert.equal(added.code, 0, added.message);
    await signIn(page, site, 'agent');
    await openList(page, site);
    const row = await findRow(page, name);
    await row.getByTestId('customer-open').click();
    const drawer = page.getByTestId('customer-drawer');
    const dialog = page.getByTestId('customer-invalidate-form');
    // On a loaded CI machine the first click can land while the drawer still settles: click
    // again only while the dialog has not opened.
    await expect(async () => {
      if (!(await dialog.isVisible())) await drawer.getByTestId('customer-action-invalidate').click();
      await expect(dialog).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 30000 });
    await page.getByTestId('form-submit').click();
    await dialog.getByText('无效原因不能为空').waitFor();
    await fill(page, 'field-remark', '空号，多次拨打无人接听');
    await page.getByTestId('form-submit').click();
    await page.getByText('设为无效成功').first().waitFor();
    await drawer.getByRole('tab', { name: '状态历史' }).click();
    await drawer.getByText('空号，多次拨打无人接听').waitFor();
    await shot(page, 'crm-customer-invalid-reason');

    const manager = await apiSession(base, 'manager');
    const restored = await api(base, '/api/v1/fm/crm/customer/transition', { id: added.data.id, action: 'restore' }, manager);
    assert.equal(restored.code, 0, restored.message);
    assert.equal(restored.data.status, 1, 'valid again');
  });

  test('写跟进 shows the whole calendar of 下次跟进日期 and takes a date typed after Tab', async ({ page, site }) => {
    await signIn(page, site, 'agent');
    await openList(page, site);
    await page.getByTestId('crm-customer').locator('tbody tr').first().getByTestId('customer-open').click();
    const drawer = page.getByTestId('customer-drawer');
    await drawer.getByRole('tab', { name: '跟进记录' }).click();
    await drawer.getByTestId('follow-up-add').click();
    await page.getByTestId('follow-up-form').waitFor();
    // The calendar opens whole, over the dialog: its last row of days is there to click.
    await page.getByTestId('field-nextAt').click();
    const days = page.locator('.arco-picker-container:visible .arco-picker-cell');
    await days.last().waitFor();
    // Measured again until the opening animation has ended: then the point is the day itself.
    const lastDayShown = async () => {
      const last = await days.last().boundingBox();
      return page.evaluate(
        ({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('.arco-picker-cell')),
        { x: last.x + last.width / 2, y: last.y + last.height / 2 },
      );
    };
    await expect.poll(lastDayShown, { message: 'the last row of days is shown, not clipped by the dialog' }).toBe(true);
    // Core refuses a day before today: the calendar greys them.
    assert.ok((await page.locator('.arco-picker-container:visible .arco-picker-cell-disabled').count()) > 0, 'past days are greyed');
    await shot(page, 'crm-follow-up-calendar');
    await page.keyboard.press('Escape');
    // From 跟进内容, Tab and type: every key lands, and Enter keeps the date.
    await fill(page, 'field-content', '电话回访');
    await page.getByTestId('field-content').focus();
    await page.keyboard.press('Tab');
    const next = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await page.keyboard.type(next);
    await expect(page.getByTestId('field-nextAt')).toHaveValue(next);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('field-nextAt')).toHaveValue(next);
  });

  test('at 800 px the pager covers no row', async ({ page, site }) => {
    await signIn(page, site, 'agent');
    await page.setViewportSize({ width: 800, height: 700 });
    await openList(page, site);
    const rows = page.getByTestId('crm-customer').locator('tbody tr');
    // Scrolled just far enough to bring the last row in (as Tab or find does), nothing lies over it.
    await rows.last().evaluate((row) => row.scrollIntoView({ block: 'end' }));
    const last = await rows.last().boundingBox();
    const atRow = await page.evaluate(
      ({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('tbody tr')),
      { x: last.x + 40, y: last.y + last.height / 2 },
    );
    assert.ok(atRow, 'the middle of the last row is the row, not the pager over it');
    await shot(page, 'crm-customer-list-800-last-row');
    await page.getByTestId('pagination').scrollIntoViewIfNeeded();
    await shot(page, 'crm-customer-list-800-pager');
  });

  test('a listing opened twice from a customer is one tab, named by its home first', async ({ page, site, base }) => {
    // A customer who would take any second-hand home: every valid listing matches.
    const agent = await apiSession(base, 'agent');
    const name = `宽客${stamp()}`;
    const added = await api(base, '/api/v1/fm/crm/customer/add', { name, sex: 1, phone: mobile(), level: 3, demand: 1, source: 1 }, agent);
    assert.equal(added.code, 0, added.message);
    await signIn(page, site, 'agent');
    await openList(page, site);
    await (await findRow(page, name)).getByTestId('customer-open').click();
    const drawer = page.getByTestId('customer-drawer');
    const offers = drawer.getByTestId('customer-matches').locator('tbody tr a');
    const open = async (n) => {
      await drawer.getByRole('tab', { name: '匹配房源' }).click();
      const link = offers.nth(n);
      const text = (await link.textContent()).trim();
      await link.click();
      await page.getByTestId('tabs-bar').locator(`[title="${text} · 二手房详情"]`).waitFor();
      await page.goBack();
      await drawer.getByText(`${name} 先生`).first().waitFor();
      return text;
    };
    const first = await open(0);
    await open(0);
    const second = await open(1);
    const tabs = page.getByTestId('tabs-bar').locator('[data-tab-path^="/work/house/old/detail/"]');
    await expect(tabs).toHaveCount(2);
    const titles = await tabs.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('title')));
    assert.deepEqual(titles, [`${first} · 二手房详情`, `${second} · 二手房详情`]);
    await shot(page, 'crm-customer-listing-tabs');
  });
});
