// AI 助手的知识库与日志: the admin binds a knowledge base to an assistant on its detail page,
// switches it off and on, and takes it off again.
import { describe, expect, loginThroughPage, shot, test } from '../support/fixtures.mjs';

describe('AI assistant knowledge and logs', () => {
  test('the admin binds, switches and unbinds an assistant’s knowledge base', async ({ page, site }) => {
    await loginThroughPage(page, site, 'admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/adminConfig/aiHelper/creation`);
    await page.getByRole('row').filter({ hasText: '房源文案助手' }).getByTestId('row-detail').click();
    const bindings = page.getByTestId('assistant-bindings');
    await expect(bindings).toContainText('未关联知识库');

    await page.getByTestId('binding-add').click();
    await page.getByTestId('binding-select').click();
    await page.getByRole('option', { name: '经纪业务规则' }).click();
    await page.getByTestId('binding-modal').getByRole('button', { name: '确定' }).click();
    const row = bindings.getByRole('row').filter({ hasText: '经纪业务规则' });
    const enabled = row.getByRole('switch', { name: '启用经纪业务规则' });
    await expect(enabled).toBeChecked();

    await enabled.click();
    await expect(enabled).not.toBeChecked();
    await page.reload();
    await expect(bindings.getByRole('switch', { name: '启用经纪业务规则' })).not.toBeChecked();
    await shot(page, 'ai-assistant-bindings');

    await bindings.getByRole('button', { name: '取消关联经纪业务规则' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(bindings).toContainText('未关联知识库');
  });
});
