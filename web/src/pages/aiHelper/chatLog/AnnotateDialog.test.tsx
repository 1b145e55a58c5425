import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatLog } from '../../../api/ai/logs';
import { withQueryClient } from '../../../test/withQueryClient';
import { AnnotateDialog, preferredBase } from './AnnotateDialog';

const api = vi.hoisted(() => ({
  list: vi.fn(),
  docs: vi.fn(),
  detail: vi.fn(),
}));
vi.mock('../../../api/ai/knowledge', () => ({ knowledgeApi: { list: api.list, annotate: vi.fn() } }));
vi.mock('../../../api/ai/logs', () => ({ logApi: { docs: api.docs } }));
vi.mock('../../../api/ai/assistant', () => ({ assistantApi: { detail: api.detail } }));

const BASES = [
  { id: 3, name: '新建的空知识库' },
  { id: 2, name: '租赁规则' },
  { id: 1, name: '经纪业务规则' },
];

function turn(docCount: number): ChatLog {
  return { id: 9, assistantId: 5, question: '押金什么时候退？', answer: '未找到相关答案', docCount } as ChatLog;
}

/** The knowledge base the open form has chosen, as its select shows it. */
async function chosenBase() {
  const form = await screen.findByTestId('annotate-form');
  const select = within(form).getByTestId('field-knowledgeId');
  return select.closest('.arco-select')?.textContent ?? '';
}

beforeEach(() => {
  vi.clearAllMocks();
  api.list.mockResolvedValue({ list: BASES, total: 3 });
  api.detail.mockResolvedValue({ id: 5, knowledgeIds: [1, 2] });
  api.docs.mockResolvedValue([]);
});

describe('标注 chooses the knowledge base the answer belongs in', { timeout: 30_000 }, () => {
  it('the base the answer cited', async () => {
    api.docs.mockResolvedValue([{ pointId: 4, knowledgeId: 2, question: '押金怎么退？', answer: '…', source: '租赁', score: 0.5 }]);
    render(withQueryClient(<AnnotateDialog turn={turn(1)} onClose={() => undefined} />));
    await vi.waitFor(async () => expect(await chosenBase()).toContain('租赁规则'));
  });

  it("the assistant's first bound base when nothing was cited", async () => {
    render(withQueryClient(<AnnotateDialog turn={turn(0)} onClose={() => undefined} />));
    await vi.waitFor(async () => expect(await chosenBase()).toContain('经纪业务规则'));
    expect(api.docs).not.toHaveBeenCalled();
  });

  it('falls back to a base that is offered', () => {
    expect(preferredBase([3, 2], [7], [9, 2])).toBe(2);
    expect(preferredBase([3, 2], [], [])).toBe(3);
    expect(preferredBase([], [1], [1])).toBeUndefined();
  });
});
