// 业务数据函数: on an assistant's detail page the admin ticks which functions over the brokerage's
// data it may call; the page says plainly that without a configured chat model none is called
// (this suite's server has none), and the choice is saved and read back.
import { describe, expect, loginThroughPage, shot, test } from '../support/fixtures.mjs';

describe('AI assistant functions', () => {
  test('the admin chooses the functions an assistant may call', async ({ page, site }) => {
    await loginThroughPage(page, site, 'admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/adminConfig/aiHelper/dialog`);
    await page.getByRole('row').filter({ hasText: '门店业务助手' }).getByTestId('row-detail').click();
    const functions = page.getByTestId('assistant-functions');
    await expect(functions.getByRole('checkbox')).toHaveCount(4);
    await expect(page.getByTestId('functions-note')).toContainText('当前未配置大模型服务，助手只依据知识库回答，不会调用这些函数');
    for (const name of ['房源搜索', '客户查询', '成交合同汇总', '业绩汇总']) {
      await expect(functions.getByRole('checkbox', { name })).toBeChecked();
    }
    await expect(page.getByTestId('functions-save')).toBeDisabled();
    await shot(page, 'ai-assistant-functions');

    await functions.getByText('业绩汇总').click();
    await expect(functions.getByRole('checkbox', { name: '业绩汇总' })).not.toBeChecked();
    await page.getByTestId('functions-save').click();
    await expect(page.getByTestId('functions-save')).toBeDisabled();
    await page.reload();
    await expect(functions.getByRole('checkbox', { name: '业绩汇总' })).not.toBeChecked();
    await expect(functions.getByRole('checkbox', { name: '房源搜索' })).toBeChecked();
    await shot(page, 'ai-assistant-functions-saved');

    // Back as the demo had it, for the suites after this one.
    await functions.getByText('业绩汇总').click();
    await page.getByTestId('functions-save').click();
    await expect(page.getByTestId('functions-save')).toBeDisabled();
  });
});
