// 网页解析, 费用预估 and 对话标注: an admin reads a web page (served here, on loopback, by the test
// itself) into the demo knowledge base — a cancelled first try says 取消请求 — sees its points
// previewed with the fee estimate and commits them; the file import explains the shapes it reads;
// and a chat log turn is made a knowledge point from the log page.
import { createServer } from 'node:http';
import { describe, expect, loginThroughPage, shot, stamp, test } from '../support/fixtures.mjs';

/** A page of the brokerage's rules: two new questions under headings, and one the demo base holds. */
function rulesPage(n) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>门店值班制度${n}</title></head><body>
<nav><h2>导航</h2><a href="/">首页</a></nav>
<h1>门店值班制度</h1>
<h2>周末${n}谁值班？</h2><p>店长每周五排好周末值班表，值班经纪人9:00到岗。</p>
<h2>值班${n}要做什么？</h2><p>接听门店电话，登记来访客户，<b>闭店前</b>检查门窗。</p>
<h2>钥匙丢失了怎么办？</h2><p>随便配一把就行。</p>
</body></html>`;
}

/** Serves `html` at /rules on 127.0.0.1; resolves its address and a closer. */
function serve(html) {
  return new Promise((resolve) => {
    const server = createServer((request, response) => {
      if (request.url === '/rules') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(html);
      } else {
        response.writeHead(404).end();
      }
    });
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://127.0.0.1:${server.address().port}/rules`, close: () => server.close() });
    });
  });
}

describe('knowledge base: web page, fee estimate and annotation', () => {
  test('an admin reads a web page into the knowledge base, with the fee estimate, and may cancel it', async ({ page, site }) => {
    const n = stamp();
    const web = await serve(rulesPage(n));
    try {
      await loginThroughPage(page, site, 'admin');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${site}/adminConfig/aiHelper/knowledge`);
      await page.getByRole('row').filter({ hasText: '经纪业务规则' }).getByTestId('row-detail').click();
      await page.getByRole('tab', { name: '数据集' }).click();

      // An analysis held in flight is cancelled: the spec's 取消请求.
      let release;
      const held = new Promise((resolve) => (release = resolve));
      await page.route(/web\/analysis/, async (route) => {
        await held;
        await route.abort().catch(() => undefined);
      });
      await page.getByTestId('data-set-web').click();
      const dialog = page.getByTestId('web-dialog');
      await dialog.getByTestId('web-url').fill(web.url);
      await dialog.getByTestId('web-analyse').click();
      await dialog.getByTestId('web-cancel').click();
      await page.getByText('取消请求').first().waitFor();
      release();
      await page.unroute(/web\/analysis/);

      // Escape with an address typed asks before throwing it away; 取消 keeps both.
      await page.keyboard.press('Escape');
      const discard = page.locator('.arco-modal', { hasText: '放弃修改？' });
      await discard.getByRole('button', { name: '取消' }).click();
      await expect(discard).toBeHidden();
      await expect(dialog.getByTestId('web-url')).toHaveValue(web.url);

      // Now for real: the server fetches the page and previews its points.
      await dialog.getByTestId('web-analyse').click();
      const preview = page.getByTestId('web-preview');
      await expect(preview).toContainText(`周末${n}谁值班？`);
      await expect(preview).toContainText(`值班${n}要做什么？`);
      await expect(preview.getByRole('row').filter({ hasText: '钥匙丢失了怎么办？' })).toContainText('已存在，跳过');
      await expect(dialog).toContainText(`门店值班制度${n}`);
      const fee = page.getByTestId('fee-estimate');
      await expect(fee).toContainText('索引2条知识点');
      await expect(fee).toContainText('0.00元');
      await expect(fee).toContainText('导入不产生费用');
      await shot(page, 'knowledge-web-preview');

      await page.getByTestId('web-submit').click();
      await page.getByText('导入成功：新增2条，跳过0条').first().waitFor();
      const row = page.getByRole('row').filter({ hasText: `门店值班制度${n}` });
      await expect(row).toContainText('文件导入');
      await expect(row).toContainText('2');
      await shot(page, 'knowledge-web-imported');

      // The curated answer stayed; the new points are found.
      await page.getByRole('tab', { name: '知识点' }).click();
      await expect(page.getByTestId('knowledge-points')).toContainText(`周末${n}谁值班？`);
      await expect(page.getByTestId('knowledge-points')).not.toContainText('随便配一把就行');

      // The file import says what it reads, with a txt example, before a file is chosen.
      await page.getByRole('tab', { name: '数据集' }).click();
      await page.getByTestId('data-set-import').click();
      const formats = page.getByTestId('import-formats');
      await expect(formats).toContainText('txt、md、docx、pdf');
      await expect(formats).toContainText('模板中的示例行不会导入');
      await expect(page.getByTestId('import-txt-example')).toContainText('问：带看前需要做哪些准备？');
      await shot(page, 'knowledge-import-formats');
    } finally {
      web.close();
    }
  });

  test('an admin makes a chat log turn a knowledge point (对话标注)', async ({ page, site }) => {
    const n = stamp();
    await loginThroughPage(page, site, 'admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/adminConfig/aiHelper/log`);
    const log = page.getByTestId('chat-log');
    await log.getByTestId('filter-keyword').fill('今天午饭吃什么？');
    await log.getByRole('button', { name: '查询' }).click();
    await log.getByRole('row').filter({ hasText: '今天午饭吃什么？' }).first().getByTestId('row-annotate').click();
    const form = page.getByTestId('annotate-form');
    await expect(form.getByTestId('field-question')).toHaveValue('今天午饭吃什么？');
    await form.getByTestId('field-knowledgeId').click();
    await page.getByRole('option', { name: '经纪业务规则' }).click();
    await form.getByTestId('field-answer').fill(`门店不统一订餐，午休12:00-13:00（${n}）。`);
    await form.getByTestId('field-indexes').fill('午休时间');
    await shot(page, 'chat-log-annotate');
    await page.getByTestId('form-submit').click();
    await page.getByText('已加入知识库').first().waitFor();

    await page.goto(`${site}/adminConfig/aiHelper/knowledge`);
    await page.getByRole('row').filter({ hasText: '经纪业务规则' }).getByTestId('row-detail').click();
    const points = page.getByTestId('knowledge-points');
    await expect(points).toContainText(`午休12:00-13:00（${n}）`);
    await expect(points.getByRole('row').filter({ hasText: `（${n}）` })).toContainText('对话标注');
  });
});
