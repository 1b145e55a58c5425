// New homes as the people who use them: city operations enter a project with a house type and a
// commission rule and distribute it to one store; an agent of that store finds it with the
// average-price filter and opens its detail; an agent of another store never sees it.
import assert from 'node:assert/strict';
import { describe, loginThroughPage, shot, stamp, test } from '../support/fixtures.mjs';

async function signIn(browser, site, username) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginThroughPage(page, site, username);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return { context, page };
}

/** Picks an option of the Arco select `testId` inside `scope` by its label. */
async function choose(page, scope, testId, label) {
  await scope.getByTestId(testId).click();
  await page.locator('.arco-select-popup:visible').getByText(label, { exact: true }).first().click();
}

/** Types into a text box or number box of `scope` (Arco puts the test id on the input or its frame). */
async function type(scope, testId, value) {
  const box = scope.getByTestId(testId);
  const input = ['INPUT', 'TEXTAREA'].includes(await box.evaluate((el) => el.tagName)) ? box : box.locator('input');
  await input.fill(value);
}

describe('new homes', () => {
  test('the city enters and distributes a project; a store agent finds it by a filter', async ({ browser, site }) => {
    const name = `测试云邸${stamp()}`;
    const city = await signIn(browser, site, 'city');
    const { page } = city;
    await page.goto(`${site}/coc/newHouse`);
    await page.getByTestId('newHome-add').click();
    const form = page.getByTestId('project-form');
    await type(form, 'field-name', name);
    await choose(page, form, 'field-saleStatus', '在售');
    await choose(page, form, 'field-propertyType', '住宅');
    await choose(page, form, 'field-districtId', '西湖区');
    await choose(page, form, 'field-circleId', '文三路');
    await type(form, 'field-address', '杭州市西湖区文三路100号');
    await type(form, 'field-averagePrice', '36000');
    await choose(page, form, 'field-propertyTerm', '70年');
    await form.getByTestId('field-sellingPoints').fill('近地铁；精装交付');

    await page.getByTestId('project-add-type').click();
    const typeForm = page.getByTestId('house-type-form');
    await type(typeForm, 'field-name', 'A户型');
    await type(typeForm, 'field-rooms', '3');
    await type(typeForm, 'field-halls', '2');
    await type(typeForm, 'field-baths', '2');
    await type(typeForm, 'field-areaMin', '98');
    await type(typeForm, 'field-areaMax', '89');
    await choose(page, typeForm, 'field-saleStatus', '在售');
    await page.locator('.arco-modal:visible').getByTestId('form-submit').click();
    // Core's rule, in the browser: the upper bound may not be below the lower.
    await page.getByText('建面上限(㎡)不能小于建面下限').first().waitFor();
    await type(typeForm, 'field-areaMax', '118');
    await page.locator('.arco-modal:visible').getByTestId('form-submit').click();
    await page.getByTestId('project-house-types').getByText('A户型').waitFor();

    await page.getByTestId('project-add-rule').click();
    const ruleForm = page.getByTestId('rule-form');
    await choose(page, ruleForm, 'field-kind', '按成交价比例');
    await type(ruleForm, 'field-rate', '3.5');
    await ruleForm.getByTestId('field-validFrom').click();
    await page.keyboard.type('2026-01-01');
    await page.keyboard.press('Enter');
    await page.locator('.arco-modal:visible').getByTestId('form-submit').click();
    await page.getByTestId('project-rules').getByText('3.5%').waitFor();
    await shot(page, 'newhome-city-editor');
    await page.getByTestId('project-save').click();
    await page.getByText('保存成功').first().waitFor();

    const row = page.locator('tr', { hasText: name });
    await row.waitFor();
    await row.getByTestId('row-distribute').click();
    const tree = page.getByTestId('distribute-tree');
    await tree.waitFor();
    await tree.locator('.arco-tree-node', { hasText: '西湖店' }).locator('.arco-checkbox').click();
    await shot(page, 'newhome-city-distribute');
    await page.getByTestId('distribute-submit').click();
    await page.getByText('分销已保存').first().waitFor();
    await shot(page, 'newhome-city-list');
    await city.context.close();

    // The agent of 西湖店 finds it among the 3-5万 projects and opens it.
    const agent = await signIn(browser, site, 'agent');
    const agentPage = agent.page;
    await agentPage.goto(`${site}/work/house/new`);
    await agentPage.getByTestId('newHome-list').waitFor();
    await choose(agentPage, agentPage.getByTestId('filter-form'), 'filter-averagePrice', '3-5万');
    await agentPage.getByTestId('filter-search').click();
    const found = agentPage.locator('tr', { hasText: name });
    await found.waitFor();
    // 江南雲璟 (5.6万/㎡) is the agent's too, but outside the range.
    assert.equal(await agentPage.locator('tr', { hasText: '江南雲璟' }).count(), 0);
    await agentPage.getByText(/共\s*\d+\s*条/).first().waitFor();
    await shot(agentPage, 'newhome-agent-list');
    await found.getByRole('link', { name }).click();
    await agentPage.waitForURL('**/work/newHouse/detail/**');
    await agentPage.getByTestId('newHome-house-types').getByText('A户型').waitFor();
    await agentPage.getByTestId('newHome-commission').getByText('成交价的3.5%').waitFor();
    await agentPage.getByTestId('newHome-selling-points').getByText('精装交付').waitFor();
    await shot(agentPage, 'newhome-agent-detail');
    await agent.context.close();

    // 滨江店's manager is not in the distribution.
    const other = await signIn(browser, site, 'manager2');
    await other.page.goto(`${site}/work/house/new`);
    await other.page.getByTestId('newHome-list').waitFor();
    await other.page.locator('tr', { hasText: '西溪云庐' }).waitFor();
    assert.equal(await other.page.locator('tr', { hasText: name }).count(), 0);
    await other.context.close();
  });
});
