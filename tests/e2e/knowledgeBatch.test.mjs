// 批量导入: an admin makes a knowledge base, picks a txt, an md and a csv file with the 选择文件
// button and watches each reach 已完成 with the progress bar; then stops a long import, imports
// it again and sees only the rest added — nothing twice.
import { describe, expect, loginThroughPage, shot, stamp, test } from '../support/fixtures.mjs';

describe('knowledge base batch import', () => {
  test('an admin imports several files with progress, stops one batch and nothing comes twice', async ({ page, site }) => {
    const n = stamp();
    const name = `批量导入${n}`;
    const txt = {
      name: `值班${n}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(`问：周末${n}谁值班？\n答：店长排班。\n问：值班要做什么？\n答：接待来访客户并登记。\n`),
    };
    const md = {
      name: `带看须知${n}.md`,
      mimeType: 'text/markdown',
      buffer: Buffer.from(`# 带看${n}要带什么？\n带看确认单和鞋套。\n\n# 带看迟到怎么办？\n提前告知客户并致歉。\n`),
    };
    const csv = {
      name: `钥匙${n}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(`问题,答案,补充索引\r\n钥匙${n}放在哪里？,放在门店钥匙柜。,钥匙位置\r\n`),
    };
    const rows = Array.from({ length: 20000 }, (_, i) => `第${i + 1}号钥匙柜在哪里？,在${n}号门店${i + 1}号柜。`);
    const big = { name: `钥匙柜${n}.csv`, mimeType: 'text/csv', buffer: Buffer.from(`问题,答案\r\n${rows.join('\r\n')}\r\n`) };

    await loginThroughPage(page, site, 'admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/adminConfig/aiHelper/knowledge`);
    await page.getByTestId('knowledge-add').click();
    // The dialog that is open (its form and its own 确定), not the page behind it.
    const create = page.getByRole('dialog').filter({ hasText: '新增知识库' });
    await create.getByTestId('field-name').fill(name);
    await create.getByTestId('form-submit').click();
    await page.getByText('保存成功').first().waitFor();
    await expect(create).toBeHidden();
    await page.getByRole('row').filter({ hasText: name }).getByTestId('row-detail').click();
    await page.getByRole('tab', { name: '数据集' }).click();

    // Three small files: each reaches 已完成, the bar 100%.
    await page.getByTestId('data-set-batch').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '批量导入' });
    await expect(dialog.getByTestId('batch-files-button')).toHaveText(/选择文件/);
    await expect(dialog).toContainText('未选择文件');
    await dialog.getByTestId('batch-files').setInputFiles([txt, md, csv]);
    await expect(dialog.getByTestId('batch-start')).toHaveText('开始导入（3个文件）');
    await shot(page, 'knowledge-batch-chosen');
    await dialog.getByTestId('batch-start').click();
    await expect(dialog.getByTestId('batch-status')).toHaveText('已完成');
    await expect(dialog.getByTestId('batch-counts')).toHaveText('文件 3/3，知识点 5/5');
    await expect(dialog.getByTestId('batch-progress')).toContainText('100%');
    const files = dialog.getByTestId('batch-files-table');
    for (const file of [txt, md, csv]) {
      await expect(files.getByRole('row').filter({ hasText: file.name })).toContainText('已完成');
    }
    await expect(dialog).toContainText('新增 5，跳过 0');
    await shot(page, 'knowledge-batch-done');
    await dialog.getByRole('button', { name: '关闭' }).click();
    // Each file is a data set named after it, without its extension.
    for (const set of [`值班${n}`, `带看须知${n}`, `钥匙${n}`]) {
      const row = page.getByRole('row').filter({ hasText: set });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('文件导入');
    }

    // A long import: running, the counts move; 停止 ends it and keeps what was stored.
    await page.getByTestId('data-set-batch').click();
    await dialog.getByTestId('batch-files').setInputFiles([big]);
    await expect(dialog.getByTestId('batch-start')).toHaveText('开始导入（1个文件）');
    await dialog.getByTestId('batch-start').click();
    await expect(dialog.getByTestId('batch-status')).toHaveText('导入中');
    await expect(dialog.getByTestId('batch-counts')).toContainText(/知识点 [1-9]\d*\/20000/);
    await shot(page, 'knowledge-batch-running');
    await dialog.getByTestId('batch-stop').click();
    await expect(dialog.getByTestId('batch-status')).toHaveText('已停止');
    await page.getByText('已停止导入，已导入的知识点保留').first().waitFor();
    await expect(files).toContainText('已停止');
    await expect(dialog.getByTestId('batch-stop')).toHaveCount(0);
    await shot(page, 'knowledge-batch-stopped');
    await dialog.getByRole('button', { name: '关闭' }).click();

    // Everything again: only what the stop left out is added; the small files add nothing.
    await page.getByTestId('data-set-batch').click();
    await dialog.getByTestId('batch-files').setInputFiles([big, txt, md, csv]);
    await expect(dialog.getByTestId('batch-start')).toHaveText('开始导入（4个文件）');
    await dialog.getByTestId('batch-start').click();
    await expect(dialog.getByTestId('batch-status')).toHaveText('已完成', { timeout: 120_000 });
    await expect(dialog.getByTestId('batch-counts')).toHaveText('文件 4/4，知识点 20005/20005');
    for (const file of [txt, md, csv]) {
      const row = files.getByRole('row').filter({ hasText: file.name });
      await expect(row).toContainText('已完成');
      await expect(row.getByRole('cell').nth(3)).toHaveText('0');
    }
    await expect(dialog.getByTestId('batch-progress')).toContainText('100%');
    await shot(page, 'knowledge-batch-again');
    await dialog.getByRole('button', { name: '关闭' }).click();
    for (const set of [`值班${n}`, `带看须知${n}`, `钥匙${n}`]) {
      await expect(page.getByRole('row').filter({ hasText: set })).toHaveCount(1);
    }
    // 20,000 + 5 points in the base, each once.
    await page.reload();
    await expect(page.getByTestId('knowledge-detail')).toContainText('20005');
  });
});
