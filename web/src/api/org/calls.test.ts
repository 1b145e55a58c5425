import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Message } from '@arco-design/web-react';
import { setRuntimeConfig } from '../../config/runtime';
import { removeCookie, writeCookie } from '../../stores/cookies';
import { read, readRecord } from './calls';

const fetchMock = vi.fn<typeof fetch>();
const refusal = { code: 10000403, message: '无权访问该数据' };

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
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const name of ['token', 'userId', 'siteId'] as const) removeCookie(name);
});

describe('a record a page shows', () => {
  it('is refused once, by the page: no toast, the message for DetailError', async () => {
    const toast = vi.spyOn(Message, 'error');
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(refusal)));
    await expect(readRecord('/api/v1/fm/house/old/detail', { id: 9 })).rejects.toMatchObject({
      kind: 'api',
      message: '无权访问该数据',
      code: 10000403,
    });
    expect(toast).not.toHaveBeenCalled();
  });

  it('answers the record when it may be read', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 0, data: { id: 9 } })));
    await expect(readRecord('/api/v1/fm/house/old/detail', { id: 9 })).resolves.toEqual({ id: 9 });
  });

  it('while any other read still toasts its refusal', async () => {
    const toast = vi.spyOn(Message, 'error');
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(refusal)));
    await expect(read('/api/v1/fm/house/old/list')).rejects.toMatchObject({ kind: 'api' });
    expect(toast).toHaveBeenCalledWith('无权访问该数据');
  });
});
