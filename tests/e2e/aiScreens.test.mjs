// The AI screens as a new user meets them: the knowledge base's delete names the assistants that
// answer from it, the detail keeps its tab in the address, 检索测试 speaks in percentages and
// milliseconds and stays usable at 800 px; the chat panel puts the cursor in the question box,
// opens a citation, asks before deleting a turn, counts the question's characters and gives focus
// back to AI助手 on Escape.
import { describe, expect, loginThroughPage, shot, test } from '../support/fixtures.mjs';

describe('AI screens', () => {
  test('knowledge base: delete names its assistants, tab in the address, search in % and ms', async ({ page, site }) => {
    await loginThroughPage(page, site, 'admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/adminConfig/aiHelper/knowledge`);
    const row = page.getByRole('row').filter({ hasText: '经纪业务规则' });
    await expect(row).toContainText('门店业务助手');
    await row.getByTestId('row-delete').click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('助手「门店业务助手」正在使用该知识库，删除后它们将不再从中检索答案。');
    await shot(page, 'ai-knowledge-delete-names-assistants');
    await confirm.getByRole('button', { name: '取消' }).click();
    await expect(confirm).toHaveCount(0);

    await row.getByTestId('row-detail').click();
    await page.getByRole('tab', { name: '检索测试' }).click();
    await expect(page).toHaveURL(/[?&]tab=/);
    await page.reload();
    await expect(page.getByRole('tab', { name: '检索测试', selected: true })).toBeVisible();
    const search = page.getByTestId('knowledge-search');
    await expect(search).toContainText('0-100%');
    await expect(search.locator('.arco-input-number-suffix')).toHaveText('%');
    await search.getByTestId('field-query').fill('报备有效期是多久？');
    await search.getByTestId('search-run').click();
    const result = page.getByTestId('search-result');
    await expect(result).toContainText('相似度阈值 25%');
    // The threshold is typed in percent, as the assistant's is.
    await search.getByTestId('field-threshold').fill('50');
    await search.getByTestId('search-run').click();
    await expect(result).toContainText('相似度阈值 50%');
    await expect(page.getByTestId('search-took')).toHaveText(/^耗时 (\d+毫秒|\d+\.\d秒)$/);
    await expect(page.getByTestId('hit-score').first()).toHaveText(/^相似度 \d+(\.\d+)?%$/);
    await expect(page.getByTestId('search-history')).toContainText(/最高相似度 \d+(\.\d+)?%/);

    // Back from the data sets tab returns to 检索测试.
    await page.getByRole('tab', { name: '数据集' }).click();
    await page.goBack();
    await expect(page.getByRole('tab', { name: '检索测试', selected: true })).toBeVisible();

    // At 800 px the history goes under the search, as wide as it, instead of a sliver beside it.
    await page.setViewportSize({ width: 800, height: 900 });
    const form = await page.locator('#knowledge-search-form').boundingBox();
    const history = await page.getByTestId('search-history').boundingBox();
    expect(history.y).toBeGreaterThan(form.y + form.height);
    expect(history.width).toBeGreaterThan(400);
    await shot(page, 'ai-knowledge-search-800');
    // The points table keeps readable columns and scrolls sideways.
    await page.getByRole('tab', { name: '知识点' }).click();
    const answerCell = page.getByTestId('knowledge-points').getByRole('row').nth(1).getByRole('cell').nth(1);
    expect((await answerCell.boundingBox()).width).toBeGreaterThan(200);
    await shot(page, 'ai-knowledge-points-800');
  });

  test('chat panel: focus, citation, confirmed delete, question counter', async ({ page, site }) => {
    await loginThroughPage(page, site, 'agent');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const opener = page.getByTestId('chat-open');
    await opener.click();
    const panel = page.getByTestId('chat-panel');
    const input = panel.locator('textarea[data-testid="chat-input"]');
    await expect(input).toBeFocused();
    await expect(panel).toContainText('0/1000');

    await input.fill('报备有效期是多久？');
    await expect(panel).toContainText('9/1000');
    await input.press('Enter');
    const answer = panel.getByTestId('chat-answer').last();
    await expect(answer).toContainText('保护期一般为30天');
    await answer.getByTestId('chat-doc').first().getByRole('button').click();
    const cited = page.getByTestId('chat-citation');
    await expect(cited).toContainText('保护期一般为30天');
    await expect(cited).toContainText('来源：报备规则');
    await shot(page, 'ai-chat-citation');
    // Escape closes the citation only: the panel stays.
    await page.keyboard.press('Escape');
    await expect(cited).toBeHidden();
    await expect(panel).toBeVisible();

    await answer.getByTestId('chat-delete').click();
    await expect(page.getByText('确定删除这轮对话吗？')).toBeVisible();
    await page.getByRole('button', { name: '取消' }).click();
    await expect(panel.getByTestId('chat-answer')).toHaveCount(1);
    await answer.getByTestId('chat-delete').click();
    await page.getByTestId('chat-delete-ok').click();
    await expect(panel.getByTestId('chat-answer')).toHaveCount(0);

    // A question past 1000 characters is kept as typed, refused in core's words, and not sent.
    await input.fill('问'.repeat(1001));
    await expect(panel).toContainText('1001/1000');
    await expect(panel.locator('[class*="word-limit-error"]')).toBeVisible();
    await expect(panel.getByTestId('chat-input-refusal')).toHaveText('问题不能超过1000个字符，请精简后再问');
    await expect(panel.getByTestId('chat-send')).toBeDisabled();
    await input.press('Enter');
    await expect(panel.getByTestId('chat-question')).toHaveCount(0);
    await shot(page, 'ai-chat-question-too-long');
    await input.fill('带看需要登记哪些信息？');
    await expect(panel.getByTestId('chat-input-refusal')).toHaveCount(0);
    await expect(panel.getByTestId('chat-send')).toBeEnabled();

    // The × is reached by Tab from the panel's controls.
    await panel.getByTestId('chat-close').focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(panel.getByTestId('chat-close')).toBeFocused();

    await input.focus();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
