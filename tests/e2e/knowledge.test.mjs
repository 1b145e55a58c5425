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

  test('an admin imports a CSV file once, previewed first, and may cancel an analysis', async ({ page, site }) => {
    const n = stamp();
    const csv = `问题,答案,补充索引\r\n会议室${n}怎么预约？,在行政群里登记时间段。,订会议室\r\n佣金比例是多少？,"二手房买卖佣金一般为成交价的2%，由买方支付；租赁佣金为一个月租金。新房佣金按与开发商签订的分销协议比例结算。具体以门店公示的收费标准为准。",\r\n`;
    const file = { name: `行政制度${n}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) };
    await loginThroughPage(page, site, 'admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/adminConfig/aiHelper/knowledge`);
    await page.getByRole('row').filter({ hasText: '经纪业务规则' }).getByTestId('row-detail').click();
    await page.getByRole('tab', { name: '数据集' }).click();

    // An analysis held in flight is cancelled: the spec's 取消请求.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route(/file\/import\/analysis/, async (route) => {
      await held;
      await route.abort().catch(() => undefined);
    });
    await page.getByTestId('data-set-import').click();
    const dialog = page.getByTestId('import-dialog');
    await dialog.getByTestId('import-file').setInputFiles(file);
    await dialog.getByTestId('import-analyse').click();
    await dialog.getByTestId('import-cancel').click();
    await page.getByText('取消请求').first().waitFor();
    release();
    await page.unroute(/file\/import\/analysis/);

    await dialog.getByTestId('import-analyse').click();
    const preview = page.getByTestId('import-preview');
    await expect(preview).toContainText(`会议室${n}怎么预约？`);
    await expect(preview).toContainText('新增');
    await expect(preview).toContainText('已存在，跳过');
    await shot(page, 'knowledge-import-preview');
    await page.getByTestId('import-submit').click();
    await page.getByText('导入成功：新增1条，跳过0条').first().waitFor();
    // The data set is named after the file, without its extension.
    const row = page.getByRole('row').filter({ hasText: `行政制度${n}` });
    await expect(row).not.toContainText('.csv');
    await expect(row).toContainText('文件导入');
    await shot(page, 'knowledge-data-sets');

    // The same file again: everything is already there.
    await page.getByTestId('data-set-import').click();
    await dialog.getByTestId('import-file').setInputFiles(file);
    await dialog.getByTestId('import-analyse').click();
    await expect(page.getByTestId('import-preview')).not.toContainText('新增');
    await expect(page.getByTestId('import-submit')).toBeDisabled();
  });
});
