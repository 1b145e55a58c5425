import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storageKeys } from '../../stores/storageKeys';
import { useChat } from './useChat';

beforeEach(() => sessionStorage.clear());

const answered = (text: string, status: number) => ({
  text,
  status,
  type: 1,
  id: null,
  groupId: null,
  uuId: 'u1',
  context: null,
  contextLoading: false,
  tokenTotal: null,
  imageList: [],
  docCount: 0,
  doc: [],
  extraType: null,
  stoped: false,
});
const asked = (text: string) => ({ ...answered(text, 0), type: 0, id: 'q1' });

describe('a reload keeps the conversation', () => {
  it('restores one user’s turns with one assistant, an unfinished answer as stopped', () => {
    sessionStorage.setItem(
      storageKeys.chat(1, '7'),
      JSON.stringify({ uuId: 'u1', entries: [asked('佣金什么时候结算？'), answered('成交后次月', 0), asked('值班能出去吗'), answered('正在思考', 4)] }),
    );
    const { result } = renderHook(() => useChat(1, undefined, 1, '7'));
    const entries = result.current.conversation.entries;
    expect(entries.map((entry) => entry.text)).toEqual(['佣金什么时候结算？', '成交后次月', '值班能出去吗', '已终止回答']);
    expect(entries[3].status).toBe(3);
    expect(result.current.conversation.uuId).toBe('u1');
    expect(result.current.busy).toBe(false);
    // Another assistant, another user: their own (empty) conversations.
    expect(renderHook(() => useChat(2, undefined, 1, '7')).result.current.conversation.entries).toEqual([]);
    expect(renderHook(() => useChat(1, undefined, 1, '8')).result.current.conversation.entries).toEqual([]);
  });

  it('keeps what is asked, and a new conversation starts empty after a reload', () => {
    const first = renderHook(() => useChat(1, undefined, 1, '7'));
    act(() => first.result.current.ask('值班能出去吗'));
    // No socket here: the answer fails, the question stays.
    const kept = renderHook(() => useChat(1, undefined, 1, '7')).result.current.conversation;
    expect(kept.entries[0].text).toBe('值班能出去吗');
    expect(kept.uuId).toBe(first.result.current.conversation.uuId);
    act(() => first.result.current.restart());
    // The panel still shows the old turns above 已开启全新会话; a reload shows the new one only.
    expect(first.result.current.conversation.entries.at(-1)?.text).toBe('已开启全新会话');
    const after = renderHook(() => useChat(1, undefined, 1, '7')).result.current.conversation;
    expect(after.entries).toEqual([]);
    expect(after.uuId).toBe(first.result.current.conversation.uuId);
  });
});
