import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, focusManager } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../config/runtime';
import { toOptions, useOptions } from '../pages/org/shared/useOptions';
import { removeCookie, writeCookie } from '../stores/cookies';
import { storeApi } from './org/org';
import { queryClient } from './queryClient';
import { useRead, useReveal } from './useRead';

const fetchMock = vi.fn<typeof fetch>();
let stores = [{ id: 1, name: '西湖店', organisationId: 2 }];

/** The server: store options answer the current stores; an add appends one. */
function server(url: string, body: string) {
  if (url.includes('/store/options')) return { code: 0, data: stores };
  if (url.includes('/store/add')) {
    const { name } = JSON.parse(body) as { name: string };
    stores = [...stores, { id: stores.length + 1, name, organisationId: 2 }];
    return { code: 0, data: stores.at(-1) };
  }
  return { code: 10020001, message: '无权限执行该操作' };
}

function StorePicker({ testId }: { testId: string }) {
  const options = toOptions(useOptions(() => storeApi.options()));
  return <ul data-testid={testId}>{options.map((option) => <li key={option.value}>{option.label}</li>)}</ul>;
}

/** A screen that shows a write's answer (the record as it became) without loading it again. */
function StoreNames({ answer }: { answer?: { id: number; name: string; organisationId: number }[] }) {
  const read = useRead(() => storeApi.options());
  return (
    <>
      <ul data-testid="names">{(read.data ?? []).map((store) => <li key={store.id}>{store.name}</li>)}</ul>
      {answer && <button onClick={() => read.replace(answer)}>保存</button>}
    </>
  );
}

/** A screen that has asked for the stores unmasked (as 查看完整信息 does: the server audits each). */
function RevealedNames() {
  const read = useReveal(() => storeApi.options());
  return <ul data-testid="revealed">{(read.data ?? []).map((store) => <li key={store.id}>{store.name}</li>)}</ul>;
}

function optionsSent() {
  return fetchMock.mock.calls.filter(([url]) => String(url).includes('/store/options')).length;
}

beforeAll(() => {
  setRuntimeConfig({ bases: { api: '', fybApi: '', chatApi: '', ws: '' }, localMenu: false, queryKey: 'k', queryIv: 'i' });
});

beforeEach(() => {
  stores = [{ id: 1, name: '西湖店', organisationId: 2 }];
  queryClient.clear();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => new Response(JSON.stringify(server(String(url), String(init?.body)))));
  vi.stubGlobal('fetch', fetchMock);
  writeCookie('siteId', '3');
});

afterEach(() => {
  vi.unstubAllGlobals();
  removeCookie('siteId');
});

describe('server data through the shared cache', () => {
  it('two store pickers share one request, and a new store shows in both at once', async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <StorePicker testId="staff-form" />
        <StorePicker testId="role-form" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getAllByText('西湖店')).toHaveLength(2));
    expect(optionsSent()).toBe(1);

    await act(() => storeApi.add({ name: '滨江店', organisationId: 2 }));
    await waitFor(() => expect(screen.getAllByText('滨江店')).toHaveLength(2));
    expect(optionsSent()).toBe(2);
  });

  it('a refused write leaves the cache as it was', async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <StorePicker testId="staff-form" />
      </QueryClientProvider>,
    );
    await screen.findByText('西湖店');
    await act(() => storeApi.edit({ id: 1, name: '西湖一店' }));
    expect(optionsSent()).toBe(1);
  });

  it('the same request for another site is another cache entry', async () => {
    const { unmount } = render(
      <QueryClientProvider client={queryClient}>
        <StorePicker testId="staff-form" />
      </QueryClientProvider>,
    );
    await screen.findByText('西湖店');
    unmount();
    writeCookie('siteId', '4');
    render(
      <QueryClientProvider client={queryClient}>
        <StorePicker testId="staff-form" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(optionsSent()).toBe(2));
  });

  it("a write's answer shows at once on every screen reading the same data, with no request", async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <StoreNames answer={[{ id: 1, name: '西湖一店', organisationId: 2 }]} />
        <StorePicker testId="role-form" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getAllByText('西湖店')).toHaveLength(2));
    act(() => screen.getByText('保存').click());
    await waitFor(() => expect(screen.getAllByText('西湖一店')).toHaveLength(2));
    expect(optionsSent()).toBe(1);
  });

  it('an unmasking read is sent once: a write elsewhere or a return to the window does not repeat it', async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <RevealedNames />
      </QueryClientProvider>,
    );
    await screen.findByText('西湖店');
    await act(() => storeApi.add({ name: '滨江店', organisationId: 2 }));
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(optionsSent()).toBe(1);
    focusManager.setFocused(undefined);
  });
});
