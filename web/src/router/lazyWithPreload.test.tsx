import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyWithPreload } from './lazyWithPreload';

function Greeting({ name }: { name: string }) {
  return <p>您好，{name}</p>;
}

describe('lazyWithPreload', () => {
  it('shows a page fetched ahead at once, without the loading fallback', async () => {
    const Page = lazyWithPreload(async () => ({ default: Greeting }));
    await Page.preload();
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Page name="王经理" />
      </Suspense>,
    );
    expect(screen.getByText('您好，王经理')).toBeTruthy();
    expect(screen.queryByText('加载中')).toBeNull();
  });

  it('still loads on first render when nobody fetched it ahead', async () => {
    const Page = lazyWithPreload(async () => ({ default: Greeting }));
    await act(async () => {
      render(
        <Suspense fallback={<p>加载中</p>}>
          <Page name="李经纪" />
        </Suspense>,
      );
    });
    expect(await screen.findByText('您好，李经纪')).toBeTruthy();
  });

  it('fetches again after a failed fetch', async () => {
    let calls = 0;
    const Page = lazyWithPreload(async () => {
      calls += 1;
      if (calls === 1) throw new Error('network');
      return { default: Greeting };
    });
    await expect(Page.preload()).rejects.toThrow('network');
    await Page.preload();
    expect(calls).toBe(2);
  });
});
