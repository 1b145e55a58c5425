// 线索 as a store's people meet them: a manager pastes rows into 批量添加线索, sees a bad row's error
// beside it before anything is saved (a mobile cut short among them), then saves the good rows in
// one go and watches the import finish; an agent converts a lead they follow into a customer from
// 线索池, its 意向区域 becoming the customer's districts, and finds the lead's history in its drawer;
// an agent ticks two pooled leads and claims them at once; the template's example row is never
// imported, and an XLSX file's rows are checked in the same table before saving, keeping what
// was stored beside each after. Each test takes phones no other test uses.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { api, describe, DEMO_PASSWORD, expect, loginThroughPage, shot, stamp, test } from '../support/fixtures.mjs';
import { writeXlsx } from '../support/xlsx.mjs';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function apiSession(base, username) {
  const res = await api(base, '/api/v2/fm/login/public/login/web', { username, password: DEMO_PASSWORD });
  assert.equal(res.code, 0, `login ${username}: ${res.message}`);
  return { token: res.data.token, userId: res.data.userId };
}

async function choose(page, testId, label) {
  await page.getByTestId(testId).click();
  await page.locator('.arco-select-popup:visible').getByText(label, { exact: true }).first().click();
}

describe('leads', () => {
  test('batch add shows a bad row beside it, then saves the good rows', async ({ page, site, base }) => {
    const n = stamp();
    await loginThroughPage(page, site, 'manager');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/crm/clue/edit`);
    await page.getByTestId('clue-batch').waitFor();
    // The file button speaks Chinese.
    assert.equal((await page.getByTestId('clue-file-button').textContent()).trim(), '上传文件');
    const text = [
      '姓名\t联系电话\t性别\t需求类型\t意向区域\t预算(万元)\t备注',
      `批量甲\t1370${n}1\t男\t二手房购买\t西湖区\t300\t周末看房`,
      `批量乙\t123\t女\t租房\t滨江区\t\t`,
      `批量丙\t1370${n}2\t女士\t新房购买\t\t500\t`,
      `短号${n}\t1380000\t男\t\t\t\t`,
    ].join('\n');
    await page.getByTestId('clue-paste').fill(text);
    await page.getByTestId('clue-check').click();
    // Line 3 (the header is line 1) is refused by core's lead form, beside the row.
    await page.getByTestId('clue-row-3').getByText('联系电话：请输入正确的固话号码或手机号码').waitFor();
    // A mobile cut short is no landline: refused by the customer's phone rule.
    await page.getByTestId('clue-row-5').getByText('联系电话：请输入正确的固话号码或手机号码').waitFor();
    await page.getByTestId('clue-row-2').getByText('格式正确').waitFor();
    assert.equal((await page.getByTestId('clue-save').textContent()).trim(), '保存有效行（2条）');
    await shot(page, 'clue-batch-checked');
    await page.setViewportSize({ width: 800, height: 700 });
    await shot(page, 'clue-batch-checked-800');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByTestId('clue-save').click();
    await page.getByTestId('clue-summary').getByText('共4行：新增2条，错误2条，重复0条，已导入过0条').waitFor();
    await page.getByTestId('clue-row-2').getByText('已添加').waitFor();
    await page.getByTestId('clue-row-3').getByText('有错误').waitFor();
    await page.getByTestId('clue-row-5').getByText('有错误').waitFor();
    // Sent rows are not sent twice by a second click: 保存 waits for the rows to change.
    assert.equal(await page.getByTestId('clue-save').isDisabled(), true);
    await shot(page, 'clue-batch-saved');
    const manager = await apiSession(base, 'manager');
    const short = await api(base, '/api/v1/fm/crm/clue/list', { pageNum: 1, pageSize: 10, keyword: `短号${n}` }, manager);
    // (The keyword also finds phones holding its digits: the good rows' phones hold the stamp.)
    assert.deepEqual(
      short.data.list.filter((lead) => lead.name === `短号${n}`),
      [],
      'the short number was not saved',
    );

    // The same rows checked and sent again add nothing: each is reported as imported before.
    await page.getByTestId('clue-check').click();
    await page.getByTestId('clue-save').click();
    await page.getByTestId('clue-summary').getByText('新增0条，错误2条，重复0条，已导入过2条').waitFor();
    await page.getByTestId('clue-row-4').getByText('已导入过').waitFor();
  });

  test('the template example is skipped and an XLSX is checked before saving', async ({ page, site }) => {
    const n = stamp();
    await loginThroughPage(page, site, 'manager');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/crm/clue/edit`);
    await page.getByTestId('clue-batch').waitFor();

    // The template uploaded as downloaded: its example row is marked and nothing is to be saved.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('clue-template').click()]);
    const template = readFileSync(await download.path());
    await page.getByTestId('clue-file').setInputFiles({ name: '线索导入模板.xlsx', mimeType: XLSX, buffer: template });
    await page.getByTestId('clue-row-2').getByText('示例行，已跳过').waitFor();
    assert.equal((await page.getByTestId('clue-save').textContent()).trim(), '保存有效行（0条）');
    assert.equal(await page.getByTestId('clue-save').isDisabled(), true);
    await shot(page, 'clue-batch-template-example');

    // Filled in under the example (a phone pasted with spaces among them): checked before saving.
    const file = writeXlsx([
      ['姓名', '联系电话', '性别', '需求类型', '意向区域', '预算(万元)', '备注'],
      ['张先生', '13812345678', '男', '二手房购买', '西湖区文三路', '300', '示例行（导入时跳过，请从下一行填写）：想要两房，近地铁'],
      [`表格甲${n}`, `1371 ${n} 1`, '女', '新房购买', '滨江区', '280', '看江景'],
      [`表格乙${n}`, '12345', '', '', '', '', ''],
    ]);
    await page.getByTestId('clue-file').setInputFiles({ name: `线索${n}.xlsx`, mimeType: XLSX, buffer: file });
    await page.getByTestId('clue-row-3').getByText('格式正确').waitFor();
    await page.getByTestId('clue-row-2').getByText('示例行，已跳过').waitFor();
    await page.getByTestId('clue-row-4').getByText('联系电话：请输入正确的固话号码或手机号码').waitFor();
    assert.equal((await page.getByTestId('clue-save').textContent()).trim(), '保存有效行（1条）');
    const good = page.getByTestId('clue-rows').locator('tbody tr', { has: page.getByTestId('clue-row-3') });
    for (const shown of ['女', '新房购买', '滨江区', `1371${n}1`]) await expect(good).toContainText(shown);
    await shot(page, 'clue-batch-xlsx-checked');

    await page.getByTestId('clue-save').click();
    await page.getByTestId('clue-summary').getByText('共3行：新增1条，错误1条，重复0条，已导入过0条，示例行1行已跳过').waitFor();
    await page.getByTestId('clue-row-3').getByText('已添加').waitFor();
    await page.getByTestId('clue-row-2').getByText('示例行，已跳过').waitFor();
    // What was stored stays beside the row.
    for (const shown of ['女', '新房购买', '滨江区']) await expect(good).toContainText(shown);
    await shot(page, 'clue-batch-xlsx-saved');
  });

  test('an agent converts a lead into a customer', async ({ page, site, base }) => {
    const n = stamp();
    const agent = await apiSession(base, 'agent');
    const name = `转化${n}`;
    const added = await api(
      base,
      '/api/v1/fm/crm/clue/add',
      { name, phone: `1360${n}9`, sex: 2, demand: 1, area: '西湖区、滨江', budget: '200-260', remark: '想看两房' },
      agent,
    );
    assert.equal(added.code, 0, added.message);

    await loginThroughPage(page, site, 'agent');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/crm/clue`);
    await page.getByTestId('clue-pool').locator('tbody tr').first().waitFor();
    await page.getByTestId('filter-keyword').fill(name);
    await page.getByTestId('filter-search').click();
    const row = page.getByTestId('clue-pool').locator('tbody tr', { hasText: name });
    await row.waitFor();
    await shot(page, 'clue-pool');
    await page.setViewportSize({ width: 800, height: 700 });
    await shot(page, 'clue-pool-800');
    await page.setViewportSize({ width: 1280, height: 800 });

    await row.getByTestId('clue-action-convert').click();
    const dialog = page.getByTestId('clue-convert-form');
    await dialog.waitFor();
    // Pre-filled from the lead by core: 女 → 女士, the budget range's both bounds, 线索转化.
    assert.equal(await dialog.getByTestId('field-phone').inputValue(), `1360${n}9`);
    assert.equal(await dialog.getByTestId('field-budgetMin').inputValue(), '200');
    assert.equal(await dialog.getByTestId('field-budgetMax').inputValue(), '260');
    // 意向区域's text became the city's districts it names, shown and editable.
    const districts = dialog.getByTestId('field-districtIds');
    await districts.getByText('西湖区', { exact: true }).waitFor();
    await districts.getByText('滨江区', { exact: true }).waitFor();
    await choose(page, 'field-level', '★★');
    await shot(page, 'clue-convert-form');
    await page.getByTestId('form-submit').click();
    await page.getByText('已转为客户').first().waitFor();

    await row.getByTestId('clue-detail').click();
    const drawer = page.getByTestId('clue-drawer');
    await drawer.getByText('已转客户').first().waitFor();
    await drawer.getByTestId('clue-customer-id').waitFor();
    await drawer.getByText(/转为客户（客户编号\d+）/).waitFor();
    await shot(page, 'clue-converted-drawer');

    // The customer keeps the districts: its drawer on 全部客户 shows them.
    const customerId = Number(await drawer.getByTestId('clue-customer-id').textContent());
    const customer = await api(base, '/api/v1/fm/crm/customer/detail', { id: customerId }, agent);
    assert.equal(customer.code, 0, customer.message);
    assert.equal(customer.data.districtIds.length, 2);
    await page.goto(`${site}/work/crm/customer`);
    await page.getByTestId('filter-keyword').fill(name);
    await page.getByTestId('filter-search').click();
    const customerRow = page.locator('tbody tr', { hasText: name });
    await customerRow.waitFor();
    assert.match(await customerRow.textContent(), /西湖区、滨江区/);
    await shot(page, 'clue-converted-customer');
  });

  test('an agent claims two pooled leads at once', async ({ page, site, base }) => {
    const n = stamp();
    const manager = await apiSession(base, 'manager');
    // A manager's batch with no one chosen waits in the pool.
    const started = await api(
      base,
      '/api/v1/fm/crm/clue/import',
      { text: `认领${n}甲\t1350${n}1\n认领${n}乙\t1350${n}2\n` },
      manager,
    );
    assert.equal(started.code, 0, started.message);
    for (let i = 0; i < 100; i += 1) {
      const job = await api(base, '/api/v1/fm/crm/clue/import/progress', { id: started.data.id }, manager);
      if (job.data.state !== 'running') {
        assert.equal(job.data.added, 2, JSON.stringify(job.data));
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    await loginThroughPage(page, site, 'agent');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/work/crm/clue`);
    await page.getByTestId('clue-pool').locator('tbody tr').first().waitFor();
    await page.getByTestId('filter-keyword').fill(`认领${n}`);
    await page.getByTestId('filter-search').click();
    const rows = page.getByTestId('clue-pool').locator('tbody tr', { hasText: `认领${n}` });
    await rows.nth(1).waitFor();
    assert.equal(await rows.count(), 2);
    assert.equal(await page.getByTestId('clue-bulk-claim').isDisabled(), true, 'nothing ticked yet');
    await rows.nth(0).locator('.arco-checkbox').click();
    await rows.nth(1).locator('.arco-checkbox').click();
    assert.equal((await page.getByTestId('clue-bulk-claim').textContent()).trim(), '批量认领（2）');
    await shot(page, 'clue-bulk-ticked');
    await page.getByTestId('clue-bulk-claim').click();
    const results = page.getByTestId('clue-batch-results');
    await results.getByText('共2条：认领成功2条，未认领0条').waitFor();
    await shot(page, 'clue-bulk-results');
    await results.getByRole('button', { name: '知道了' }).click();
    await rows.nth(0).getByText('跟进中').waitFor();
    await rows.nth(1).getByText('跟进中').waitFor();
    await shot(page, 'clue-bulk-claimed');
  });
});
