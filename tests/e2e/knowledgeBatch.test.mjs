// 批量导入: an admin makes a knowledge base, picks several files with the 选择文件 button, watches
// the progress bar and each file's stage, stops a long import, then imports again and sees the
// rest added with the unreadable file's reason.
import { describe, expect, loginThroughPage, shot, stamp, test } from '../support/fixtures.mjs';

describe('knowledge base batch import', () => {
  test('an admin imports several files with progress, stops one batch and finishes another', async ({ page, site }) => {
    const n = stamp();
    const name = `批量导入${n}`;
    const rows = Array.from({ length: 20000 }, (_, i) => `第${i + 1}号钥匙柜在哪里？,在${n}号门店${i + 1}号柜。`);
    const big = { name: `钥匙柜${n}.csv`, mimeType: 'text/csv', buffer: Buffer.from(`问题,答案\r\n${rows.join('\r\n')}\r\n`) };
    const small = { name: `值班${n}.txt`, mimeType: 'text/plain', buffer: Buffer.from('问：周末谁值班？\n答：店长排班。\n') };
    const broken = { name: `损坏${n}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 not really') };

    await loginThroughPage(page, site, 'admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/adminConfig/aiHelper/knowledge`);
    await page.getByTestId('knowledge-add').click();
    await page.getByTestId('knowledge-form').getByTestId('field-name').fill(name);
    await page.getByTestId('form-submit').click();
    await page.getByText('保存成功').first().waitFor();
    await page.getByRole('row').filter({ hasText: name }).getByTestId('row-detail').click();
    await page.getByRole('tab', { name: '数据集' }).click();

    await page.getByTestId('data-set-batch').click();
    const dialog = page.getByTestId('batch-dialog');
    await expect(dialog.getByTestId('batch-files-button')).toHaveText(/选择文件/);
    await expect(dialog).toContainText('未选择文件');
    await dialog.getByTestId('batch-files').setInputFiles([big, small, broken]);
    await expect(dialog).toContainText(`钥匙柜${n}.csv`);
    await shot(page, 'knowledge-batch-chosen');
    await page.getByTestId('batch-start').click();

    // Running: the bar and the counts move; 停止 ends it and keeps what was stored.
    await expect(dialog.getByTestId('batch-status')).toHaveText('导入中');
    await expect(dialog.getByTestId('batch-progress')).toBeVisible();
    await expect(dialog.getByTestId('batch-counts')).toContainText(/知识点 [1-9]\d*\/20001/);
    await shot(page, 'knowledge-batch-running');
    await page.getByTestId('batch-stop').click();
    await expect(dialog.getByTestId('batch-status')).toHaveText('已停止');
    await page.getByText('已停止导入，已导入的知识点保留').first().waitFor();
    await expect(dialog.getByTestId('batch-files-table')).toContainText('已停止');
    await expect(page.getByTestId('batch-stop')).toHaveCount(0);
    await shot(page, 'knowledge-batch-stopped');
    await page.getByRole('button', { name: '关闭' }).click();

    // Again: only the rest is added; the broken PDF says why.
    await page.getByTestId('data-set-batch').click();
    await dialog.getByTestId('batch-files').setInputFiles([big, small, broken]);
    await page.getByTestId('batch-start').click();
    await expect(dialog.getByTestId('batch-status')).toHaveText('已完成', { timeout: 60_000 });
    await expect(dialog.getByTestId('batch-counts')).toContainText('文件 3/3，知识点 20001/20001');
    await expect(dialog.getByTestId('batch-files-table')).toContainText('无法读取该PDF文件，请确认文件完好');
    await expect(dialog.getByTestId('batch-progress')).toContainText('100%');
    await shot(page, 'knowledge-batch-done');
    await page.getByRole('button', { name: '关闭' }).click();
    await expect(page.getByRole('row').filter({ hasText: `值班${n}.txt` })).toContainText('文件导入');
  });
});
