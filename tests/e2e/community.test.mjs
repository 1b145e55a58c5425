// The community dictionary as a store manager meets it: typing a community's initials finds it,
// its detail shows buildings → units → rooms, and a new building lands in it.
import assert from 'node:assert/strict';
import { describe, expect, loginThroughPage, shot, stamp, test } from '../support/fixtures.mjs';

describe('community dictionary', () => {

  test('江景轩, with a sale and a rental on the market, says 在售/在租 and tags its let room 在租', async ({ page, site }) => {
    await loginThroughPage(page, site, 'agent');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/house/community`);
    const list = page.getByTestId('community-list');
    await page.getByTestId('filter-keyword').fill('江景轩');
    await page.getByTestId('filter-search').click();
    await list.getByText('共1条').waitFor();
    await list.locator('tbody tr').first().getByText('在售/在租').waitFor();
    await list.locator('tbody tr').first().getByRole('link', { name: '江景轩' }).click();
    const detail = page.getByTestId('community-detail');
    await detail.getByText('在售/在租').first().waitFor();
    const rented = detail.locator('[data-testid="community-room"][data-on-market="在租"]').first();
    await rented.scrollIntoViewIfNeeded();
    await rented.getByText('在租').waitFor();
    // Like a room 在售, it cannot be deleted from here.
    await expect(rented.locator('.arco-tag-close-btn')).toHaveCount(0);
    await shot(page, 'community-detail-rented-room');
  });
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
    // F5 and a trip to a detail and back keep the search: the box and the rows it found.
    await page.reload();
    await list.getByText('共1条').waitFor();
    await expect(page.getByTestId('filter-keyword')).toHaveValue('xhjy');
    await rows.first().getByRole('link', { name: '西湖家园' }).click();
    await page.getByTestId('community-detail').waitFor();
    await page.goBack();
    await list.getByText('共1条').waitFor();
    await expect(page.getByTestId('filter-keyword')).toHaveValue('xhjy');

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

  test('an empty save says what to fix on the community, building and unit forms, at 800 px', async ({ page, site }) => {
    await page.setViewportSize({ width: 800, height: 720 });
    await loginThroughPage(page, site, 'manager');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/house/community`);
    const list = page.getByTestId('community-list');
    await list.locator('tbody tr').first().waitFor();
    await page.getByTestId('community-add').click();
    await page.getByTestId('community-edit-page').waitFor();
    const tabs = page.getByTestId('tabs-bar');
    await expect(tabs).toContainText('新增小区');
    await expect(tabs).not.toContainText('编辑小区');

    // Beside each field at fault, and a toast naming the first with how many there are.
    await page.getByTestId('form-submit').click();
    const messages = page.getByTestId('community-form').locator('.arco-form-message');
    await messages.getByText('小区名称不能为空').waitFor();
    await messages.getByText('请选择所属区域').waitFor();
    await page.locator('.arco-message').getByText('小区名称不能为空（共2项需要修改）').waitFor();
    await expect(page.getByTestId('field-name')).toBeInViewport();
    // Two columns, every label on one line (物业费(元/㎡·月) the longest).
    const labels = await page.getByTestId('community-form').locator('.arco-form-label-item > label').evaluateAll((nodes) =>
      nodes.map((node) => ({ text: node.textContent, height: node.getBoundingClientRect().height })),
    );
    const line = Math.min(...labels.map((label) => label.height));
    assert.deepEqual(labels.filter((label) => label.height > line * 1.5), [], 'labels on two lines');
    await shot(page, 'community-empty-save-800');

    await page.goto(`${site}/work/house/community`);
    await page.getByTestId('filter-keyword').fill('xhjy');
    await page.getByTestId('filter-search').click();
    await list.getByText('共1条').waitFor();
    await list.getByRole('link', { name: '西湖家园' }).click();
    const detail = page.getByTestId('community-detail');
    await detail.getByTestId('community-building').first().waitFor();

    const dialog = page.getByTestId('community-part-form');
    await page.getByTestId('building-add').click();
    await page.getByTestId('field-name').waitFor();
    await page.getByTestId('form-submit').click();
    await dialog.locator('.arco-form-message').getByText('栋座名称不能为空').waitFor();
    await page.locator('.arco-message').getByText('栋座名称不能为空', { exact: true }).waitFor();
    await shot(page, 'community-building-empty-save-800');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await detail.getByTestId('community-building').first().getByTestId('building-add-unit').click();
    await page.getByTestId('field-name').waitFor();
    await page.getByTestId('form-submit').click();
    await dialog.locator('.arco-form-message').getByText('单元名称不能为空').waitFor();
    await page.locator('.arco-message').getByText('单元名称不能为空', { exact: true }).waitFor();
    await shot(page, 'community-unit-empty-save-800');
  });
});
