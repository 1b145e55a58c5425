// 知识库: an admin opens the demo knowledge base, types in a point by hand and finds it in
// 检索测试 with its score, then sees the search kept in the history.
import { describe, expect, loginThroughPage, shot, stamp, test } from '../support/fixtures.mjs';

describe('knowledge base', () => {
  test('an admin adds a point and finds it in 检索测试', async ({ page, site }) => {
    const n = stamp();
    const question = `展位${n}的看房车怎么预约？`;
    await loginThroughPage(page, site, 'admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/adminConfig/aiHelper/knowledge`);
    const row = page.getByRole('row').filter({ hasText: '经纪业务规则' });
    await expect(row).toContainText('30');
    await shot(page, 'knowledge-list');
    await row.getByTestId('row-detail').click();

    const detail = page.getByTestId('knowledge-detail');
    await expect(detail).toContainText('经纪业务规则');
    await expect(page.getByTestId('knowledge-points')).toContainText('钥匙丢失了怎么办？');
    await page.getByTestId('point-add').click();
    const form = page.getByTestId('point-form');
    await form.getByTestId('field-question').fill(question);
    await form.getByTestId('field-answer').fill('在行政前台登记看房车，提前一天预约，用车后归还钥匙。');
    await form.getByTestId('field-indexes').fill('约看房车\n看房用车');
    await page.getByTestId('form-submit').click();
    await page.getByText('保存成功').first().waitFor();
    await expect(page.getByTestId('knowledge-points')).toContainText(question);
    await shot(page, 'knowledge-points');

    await page.getByRole('tab', { name: '检索测试' }).click();
    const search = page.getByTestId('knowledge-search');
    await search.getByTestId('field-query').fill('看房用车要怎么约');
    await search.getByTestId('search-run').click();
    const first = page.getByTestId('search-hit').first();
    await expect(first).toContainText(question);
    await expect(first.getByTestId('hit-score')).toContainText('相似度');
    await expect(page.getByTestId('search-history')).toContainText('看房用车要怎么约');
    await shot(page, 'knowledge-search');

    // A question the rules do not cover: nothing above the threshold, said plainly.
    await search.getByTestId('field-query').fill('火星探测器的发射窗口');
    await search.getByTestId('search-run').click();
    await expect(page.getByTestId('search-result')).toContainText('未找到相关知识点');
  });
});
