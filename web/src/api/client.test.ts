import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Message } from '@arco-design/web-react';
import { setRuntimeConfig } from '../config/runtime';
import { removeCookie, writeCookie } from '../stores/cookies';
import { useLoadingStore } from '../stores/loading';
import { useSessionStore } from '../stores/session';
import { storageKeys } from '../stores/storageKeys';
import { isApiFailure, request, RequestError } from './client';

const fetchMock = vi.fn<typeof fetch>();

function answer(body: unknown, delayMs = 0) {
  fetchMock.mockImplementationOnce(
    (_url, init) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve(new Response(JSON.stringify(body))), delayMs);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new DOMException('aborted', 'AbortError'));
        });
      }),
  );
}

function sentRequest(call = 0) {
  const [url, init] = fetchMock.mock.calls[call];
  return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
}

beforeAll(() => {
  setRuntimeConfig({
    bases: { api: 'https://api.example.test', fybApi: '', chatApi: '', ws: '' },
    localMenu: false,
    queryKey: 'bkdsk-query-k016',
    queryIv: 'bkdsk-query-i016',
  });
});

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  writeCookie('token', 'tok-1');
  writeCookie('userId', '7');
  writeCookie('siteId', '3');
  localStorage.clear();
  useLoadingStore.setState({ pending: 0 });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const name of ['token', 'userId', 'siteId'] as const) removeCookie(name);
});

describe('request client (spec §7)', () => {
  it('posts with token/userId/siteId headers, merged into the body, siteId in the query', async () => {
    answer({ code: 0, data: { ok: 1 } });
    await expect(request({ url: '/api/v1/fm/x', data: { name: '张三', note: '' } })).resolves.toEqual({ ok: 1 });
    const { url, init, headers } = sentRequest();
    expect(url).toBe('https://api.example.test/api/v1/fm/x?siteId=3');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(headers).toMatchObject({ token: 'tok-1', userId: '7', siteId: '3' });
    expect(JSON.parse(init.body as string)).toMatchObject({ name: '张三', token: 'tok-1', userId: '7', siteId: '3' });
  });

  it('toasts a server error and rejects; with showErrorMessage false hands the failure back', async () => {
    const toast = vi.spyOn(Message, 'error');
    answer({ code: 20001, message: '手机号已存在' });
    await expect(request({ url: '/api/v1/fm/x' })).rejects.toMatchObject({ kind: 'api', message: '手机号已存在' });
    expect(toast).toHaveBeenCalledWith('手机号已存在');

    toast.mockClear();
    answer({ code: 20001, message: '手机号已存在' });
    const result = await request({ url: '/api/v1/fm/x', showErrorMessage: false });
    expect(isApiFailure(result) && result).toEqual({ failed: true, code: 20001, message: '手机号已存在' });
    expect(toast).not.toHaveBeenCalled();
  });

  it('login expired: warning after 300 ms, logout 1 s later, once', async () => {
    vi.useFakeTimers();
    const warning = vi.spyOn(Message, 'warning');
    const logout = vi.fn(async () => undefined);
    useSessionStore.setState({ logout });
    answer({ code: 10010003, message: '登录已过期' });
    answer({ code: 10010003, message: '登录已过期' });
    const first = request({ url: '/api/v1/fm/a' }).catch((error: RequestError) => error.kind);
    const second = request({ url: '/api/v1/fm/b' }).catch((error: RequestError) => error.kind);
    await vi.advanceTimersByTimeAsync(0);
    expect(await first).toBe('loginExpired');
    expect(await second).toBe('loginExpired');
    expect(localStorage.getItem(storageKeys.timeOver)).not.toBeNull();

    await vi.advanceTimersByTimeAsync(299);
    expect(warning).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(warning).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(logout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('login expired after a reload cut a flow short (its flag left set): the session still ends', async () => {
    vi.useFakeTimers();
    const logout = vi.fn(async () => undefined);
    useSessionStore.setState({ logout });
    localStorage.setItem(storageKeys.timeOver, '账号已被锁定，请联系管理员');
    answer({ code: 10010003, message: '账号已被锁定，请联系管理员' });
    const answered = request({ url: '/api/v1/fm/a' }).catch((error: RequestError) => error.kind);
    await vi.advanceTimersByTimeAsync(0);
    expect(await answered).toBe('loginExpired');
    await vi.advanceTimersByTimeAsync(1300);
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it("a network failure toasts '网络响应错误' after 500 ms", async () => {
    vi.useFakeTimers();
    const toast = vi.spyOn(Message, 'error');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request({ url: '/api/v1/fm/x' })).rejects.toMatchObject({ kind: 'network' });
    await vi.advanceTimersByTimeAsync(499);
    expect(toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(toast).toHaveBeenCalledWith('网络响应错误');
  });

  it("a cancelled request rejects with '取消请求' and no network toast", async () => {
    vi.useFakeTimers();
    const toast = vi.spyOn(Message, 'error');
    const controller = new AbortController();
    answer({ code: 0, data: {} }, 5_000);
    const pending = request({ url: '/api/v1/chat/Knowledge/web/analysis', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled', message: '取消请求' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(toast).not.toHaveBeenCalled();
  });

  it('shows the loading overlay only for requests slower than 100 ms', async () => {
    vi.useFakeTimers();
    answer({ code: 0, data: 1 }, 50);
    const fast = request({ url: '/api/v1/fm/fast' });
    await vi.advanceTimersByTimeAsync(60);
    await fast;
    expect(useLoadingStore.getState().pending).toBe(0);

    answer({ code: 0, data: 1 }, 300);
    const slow = request({ url: '/api/v1/fm/slow' });
    await vi.advanceTimersByTimeAsync(100);
    expect(useLoadingStore.getState().pending).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    await slow;
    expect(useLoadingStore.getState().pending).toBe(0);
  });
});
