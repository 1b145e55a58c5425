// AI 助手: the admin sees the demo assistants on their pages; an agent opens the chat from the
// workspace header, asks a demo question and gets the knowledge base's answer with its citation,
// stops an answer that has not come yet, and starts a new conversation.
import { describe, expect, loginThroughPage, shot, test } from '../support/fixtures.mjs';

describe('AI assistant', () => {
  test('assistants on the admin pages; an agent asks, stops and starts anew', async ({ browser, page, site }) => {
    await loginThroughPage(page, site, 'admin');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`${site}/adminConfig/aiHelper/dialog`);
    const dialogue = page.getByRole('row').filter({ hasText: '门店业务助手' });
    await expect(dialogue).toContainText('已发布');
    await shot(page, 'ai-dialog-list');
    await dialogue.getByTestId('row-detail').click();
    await expect(page.getByTestId('assistant-detail')).toContainText('报备有效期是多久？');
    await expect(page.getByTestId('assistant-detail')).toContainText('经纪业务规则');
    await shot(page, 'ai-dialog-detail');
    await page.goto(`${site}/adminConfig/aiHelper/creation`);
    const draft = page.getByRole('row').filter({ hasText: '房源文案助手' });
    await expect(draft).toContainText('未发布');
    // Without a chat model and a knowledge base it could only say it found nothing.
    await draft.getByTestId('row-publish').click();
    await expect(page.getByText('请先绑定知识库后再发布')).toBeVisible();
    await expect(draft).toContainText('未发布');

    const context = await browser.newContext();
    const agent = await context.newPage();
    // The socket passes through unchanged, except while `holding`: then the server's replies are
    // kept back, so the answer is still 正在思考 when 停止回答 is clicked, and the stop is answered
    // here as the server answers a stop (the server's own stop is covered by the API suite).
    let holding = false;
    await agent.routeWebSocket(/\/ws\?/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        if (holding && String(message).includes('"cmd":"stop"')) {
          const { msg } = JSON.parse(String(message));
          ws.send(JSON.stringify({ msg: '', tag: 'stop', uuid: msg.uuid }));
          holding = false;
          return;
        }
        server.send(message);
      });
      server.onMessage((message) => {
        if (!holding || message === 'PONG') ws.send(message);
      });
    });
    await loginThroughPage(agent, site, 'agent');
    await agent.waitForURL((url) => !url.pathname.startsWith('/login'));
    await agent.getByTestId('chat-open').click();
    const panel = agent.getByTestId('chat-panel');
    await expect(panel.getByTestId('chat-welcome')).toContainText('您好，我是门店业务助手');

    await panel.getByTestId('chat-suggestion').filter({ hasText: '报备有效期是多久？' }).click();
    const answer = panel.getByTestId('chat-answer').last();
    await expect(answer).toContainText('保护期一般为30天');
    await expect(answer.getByTestId('chat-docs')).toContainText('客户报备的有效期是多久？');
    await shot(agent, 'ai-chat-answer');

    holding = true;
    await panel.getByTestId('chat-input').fill('带看需要登记哪些信息？');
    await panel.getByTestId('chat-send').click();
    await expect(panel.getByTestId('chat-answer').last()).toContainText('正在思考');
    await panel.getByTestId('chat-stop').click();
    await expect(panel.getByTestId('chat-answer').last()).toContainText('已终止回答');
    await shot(agent, 'ai-chat-stopped');

    await panel.getByTestId('chat-new').click();
    await expect(panel.getByTestId('chat-new-marker')).toContainText('已开启全新会话');
    await expect(panel.getByTestId('chat-welcome')).toHaveCount(0);
    await panel.getByTestId('chat-new').click();
    await expect(agent.getByText('已经是新对话了，我们继续吧~')).toBeVisible();
    await shot(agent, 'ai-chat-new-conversation');
    await context.close();
  });
});
