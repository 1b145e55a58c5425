import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatLog } from '../../../api/ai/logs';
import { CallDetails, CalledFunctions } from './functionCalls';

function turn(functionCalls: ChatLog['functionCalls']): ChatLog {
  return { functionCalls } as ChatLog;
}

const search = { name: 'listing_search', title: '房源搜索', arguments: '{"district":"西湖区"}', ok: true, rows: 3, error: null };
const lookup = { name: 'customer_lookup', title: '客户查询', arguments: '{}', ok: false, rows: 0, error: '请给出客户姓名或手机号后几位' };

describe('业务函数 on the chat log', () => {
  it('names each call by its Chinese title, a failed one marked', () => {
    render(<CalledFunctions turn={turn([search, lookup])} />);
    expect(screen.getByText('房源搜索')).toBeTruthy();
    expect(screen.getByText('客户查询（失败）')).toBeTruthy();
    expect(screen.queryByText('listing_search')).toBeNull();
  });

  it('shows a dash for a turn that called none, and no details in its context', () => {
    const { container } = render(<CalledFunctions turn={turn([])} />);
    expect(container.textContent).toBe('—');
    const details = render(<CallDetails turn={turn([])} />);
    expect(details.container.textContent).toBe('');
  });

  it('gives each call its arguments and outcome in 上下文', () => {
    render(<CallDetails turn={turn([search, lookup])} />);
    expect(screen.getByText('调用业务函数「房源搜索」 参数 {"district":"西湖区"}：返回 3 条')).toBeTruthy();
    expect(screen.getByText('调用业务函数「客户查询」 参数 {}：失败（请给出客户姓名或手机号后几位）')).toBeTruthy();
  });
});
