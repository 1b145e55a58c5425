// The community dictionary as a store manager meets it: typing a community's initials finds it,
// its detail shows buildings → units → rooms, and a new building lands in it.
import assert from 'node:assert/strict';
import { describe, loginThroughPage, shot, stamp, test } from '../support/fixtures.mjs';

describe('community dictionary', () => {
  test('xhjy finds 西湖家园, whose detail takes a new building', async ({ page, site }) => {
    await loginThroughPage(page, site, 'manager');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/house/community`);
    const list = page.getByTestId('community-list');
    await list.getByText('共28条').waitFor();
    await shot(page, 'community-list');

    await page.getByTestId('filter-keyword').fill('xhjy');
    await page.getByTestId('filter-search').click();
    await list.getByText('共1条').waitFor();
    const rows = list.locator('tbody tr');
    assert.equal(await rows.count(), 1);
    await rows.first().getByRole('link', { name: '西湖家园' }).waitFor();
    await shot(page, 'community-search-initials');

    await rows.first().getByRole('link', { name: '西湖家园' }).click();
    const detail = page.getByTestId('community-detail');
    await detail.getByText('西湖区 · 文三路').waitFor();
    await detail.getByText('1.80元/㎡·月').waitFor();
    assert.equal(await detail.getByTestId('community-building').count(), 3);
    await shot(page, 'community-detail');

    const name = `${stamp()}号楼`;
    await page.getByTestId('building-add').click();
    await page.getByTestId('field-name').fill(name);
    await page.getByTestId('field-floors').fill('18');
    await page.getByTestId('form-submit').click();
    await page.getByText('保存成功').first().waitFor();
    const added = detail.getByTestId('community-building').filter({ hasText: name });
    await added.getByText('共18层 · 0个单元').waitFor();
    assert.equal(await detail.getByTestId('community-building').count(), 4);
    // A new building goes after the others.
    await detail.getByTestId('community-building').last().getByText(name).waitFor();
    await added.scrollIntoViewIfNeeded();
    await shot(page, 'community-building-added');

    // 编辑 opens the dictionary's form with the stored values as typed.
    await page.getByTestId('community-edit').click();
    await page.getByTestId('community-edit-page').waitFor();
    assert.equal(await page.getByTestId('field-name').inputValue(), '西湖家园');
    assert.equal(await page.getByTestId('field-propertyFee').inputValue(), '1.80');
    assert.equal(await page.getByTestId('field-aliases').inputValue(), '西湖小区');
    await shot(page, 'community-edit');
  });
});
