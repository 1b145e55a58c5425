// A new company from nothing to its first store, all in the browser: city operations add the
// company, make its general manager's role with workbench pages, hire the general manager into
// it (the form offers only that company's choices), and the general manager signs in and opens
// the company's first store.
import assert from 'node:assert/strict';
import { api, describe, expect, loginThroughPage, shot, stamp, test } from '../support/fixtures.mjs';

/** Signs in through the page in a context of its own. */
async function signIn(browser, site, username, password) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginThroughPage(page, site, username, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return { context, page };
}

/**
 * Closes the open select and waits until its popup has faded out: while it fades it is still
 * visible, and the next select's popup would be read together with it.
 */
async function closeSelect(page) {
  await page.keyboard.press('Escape');
  await expect(page.locator('.arco-select-popup:visible')).toHaveCount(0);
}

/** Opens an Arco select and answers the labels it offers. */
async function offered(page, testId) {
  await page.getByTestId(testId).click();
  const popup = page.locator('.arco-select-popup:visible');
  await popup.locator('.arco-select-option').first().waitFor();
  const labels = await popup.locator('.arco-select-option').allInnerTexts();
  await closeSelect(page);
  return labels.map((label) => label.trim());
}

/** Picks an option of an Arco select (single or multiple) by its label. */
async function choose(page, testId, label) {
  await page.getByTestId(testId).click();
  await page.locator('.arco-select-popup:visible').getByText(label, { exact: true }).first().click();
  await closeSelect(page);
}

/** Ticks a node of the permission tree by its name (`/work/store/staff`). */
async function tick(page, name) {
  const node = page.locator('.arco-tree-node', { has: page.getByTestId(`perm-${name}`) });
  await node.locator('.arco-checkbox').first().click();
}

describe('a new company', () => {
  test('city operations set it up and its general manager signs in and opens its first store', async ({
    browser,
    site,
    base,
  }) => {
    const suffix = stamp();
    const company = `新开经纪${suffix}`;
    const username = `gm${suffix}`;
    const realName = `钱总${suffix}`;
    const password = 'Xinkai@2026';
    const store = `新开一店${suffix}`;
    const { context, page } = await signIn(browser, site, 'city');

    // The company, in the city's own site (杭州).
    await page.goto(`${site}/coc/company/index`);
    await page.getByTestId('company-add').click();
    await page.getByTestId('field-name').fill(company);
    await page.getByTestId('field-contactName').fill('钱新');
    await page.getByTestId('field-contactMobile').fill(`139${suffix}11`);
    await page.getByTestId('form-submit').click();
    await page.getByText('保存成功').first().waitFor();
    await page.locator('tr', { hasText: company }).waitFor();

    // Its general manager's role, over the whole company…
    await page.goto(`${site}/coc/hr/role`);
    await page.getByTestId('role-add').click();
    await choose(page, 'field-organisationId', company);
    // A company's role reaches the whole company unless told otherwise.
    await page.getByTestId('field-dataScope').getByText('本公司', { exact: true }).waitFor();
    await page.getByTestId('field-name').fill('总经理');
    await page.getByTestId('form-submit').click();
    await page.getByText('保存成功').first().waitFor();
    const roleRow = page.locator('tr', { hasText: company }).filter({ hasText: '总经理' });
    await roleRow.waitFor();
    // It opens nothing yet, and the list says so.
    await roleRow.getByTestId('role-without-menus').waitFor();

    // …opening the company's staff and stores in the workbench.
    await roleRow.getByTestId('row-permission').click();
    await page.waitForURL('**/coc/hr/roleSetting/**');
    await page.getByTestId('permission-tree').waitFor();
    assert.equal(await page.getByTestId('perm-/coc').count(), 0, 'a company role is given the workbench');
    await tick(page, '/work/store/staff');
    await tick(page, '/work/enterprise/store');
    await page.getByTestId('role-setting-save').click();
    await page.getByText('权限已保存').first().waitFor();
    await page.goto(`${site}/coc/hr/role`);
    await roleRow.waitFor();
    assert.equal(await roleRow.getByTestId('role-without-menus').count(), 0, 'the role opens pages now');

    // The general manager, hired into the new company: every list offers only its choices.
    await page.goto(`${site}/coc/hr/staff`);
    await page.getByTestId('staff-add').click();
    await page.getByTestId('field-username').fill(username);
    await page.getByTestId('field-password').fill(password);
    await page.getByTestId('field-realName').fill(realName);
    await page.getByTestId('field-mobile').fill(`139${suffix}12`);
    await choose(page, 'field-organisationId', company);
    assert.deepEqual(await offered(page, 'field-roleIds'), ['总经理'], "only the new company's role");
    await page.getByTestId('field-storeId').click();
    // The store list's own popup: the role list's, just closed, may still be fading out.
    const noStores = page.locator('.arco-select-popup:visible', { hasText: '暂无数据' });
    await noStores.waitFor();
    assert.equal(
      await noStores.locator('.arco-select-option').count(),
      0,
      'the new company has no store yet, and no other company’s store is offered',
    );
    await closeSelect(page);
    await choose(page, 'field-roleIds', '总经理');
    await shot(page, 'org-new-company-general-manager');
    await page.getByTestId('form-submit').click();
    await page.getByText('保存成功').first().waitFor();
    await page.locator('tr', { hasText: realName }).waitFor();
    await context.close();

    // The general manager signs in to the workbench and opens the company's first store.
    const gm = await signIn(browser, site, username, password);
    assert.match(new URL(gm.page.url()).pathname, /^\/work\//);
    await gm.page.goto(`${site}/work/enterprise/store`);
    await gm.page.getByTestId('stores-tabs').getByText('门店', { exact: true }).click();
    await gm.page.getByTestId('store-add').click();
    await gm.page.getByTestId('field-name').fill(store);
    await gm.page.getByTestId('form-submit').click();
    await gm.page.getByText('保存成功').first().waitFor();
    await gm.page.locator('tr', { hasText: store }).waitFor();
    await shot(gm.page, 'org-new-company-first-store');
    await gm.context.close();

    // The store is the new company's.
    const login = await api(base, '/api/v2/fm/login/public/login/web', { username, password });
    assert.equal(login.code, 0, login.message);
    const stores = await api(base, '/api/v1/fm/org/store/options', {}, { token: login.data.token, userId: login.data.userId });
    assert.deepEqual(
      stores.data.map((s) => s.name),
      [store],
    );
  });
});
