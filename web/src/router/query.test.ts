import { createCipheriv } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { decryptQueryValue, encryptQueryValue } from '@core/wasm';
import { setRuntimeConfig } from '../config/runtime';
import { buildHref, readQuery } from './query';

const KEY = 'bkdsk-query-k016';
const IV = 'bkdsk-query-i016';

function nodeEncrypt(value: string): string {
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(KEY, 'utf8'), Buffer.from(IV, 'utf8'));
  return cipher.update(value, 'utf8', 'hex') + cipher.final('hex');
}

beforeAll(() => {
  setRuntimeConfig({
    bases: { api: '', fybApi: '', chatApi: '', ws: '' },
    localMenu: false,
    queryKey: KEY,
    queryIv: IV,
  });
});

describe('query protection (spec §9: AES-CBC, PKCS7, hex)', () => {
  it('encrypts exactly as Node AES-128-CBC does, and decrypts Node ciphertext', () => {
    for (const value of ['42', '西湖区·文三路 3 幢', '', 'x'.repeat(16), 'y'.repeat(33)]) {
      expect(encryptQueryValue(value, KEY, IV)).toBe(nodeEncrypt(value));
      expect(decryptQueryValue(nodeEncrypt(value), KEY, IV)).toBe(value);
    }
  });

  it('falls back to the raw value when a value is not a ciphertext', () => {
    expect(decryptQueryValue('not-hex', KEY, IV)).toBe('not-hex');
  });

  it('a link made by the navigation helper reads back, with no cached stamp in the address', () => {
    const href = buildHref('/work/house/old/detail/7', { title: '二手房详情', id: '7' });
    const search = href.slice(href.indexOf('?'));
    const params = new URLSearchParams(search);
    expect(params.has('cached')).toBe(false);
    expect(params.get('title')).toBe(nodeEncrypt('二手房详情'));
    expect(readQuery(search)).toEqual({ ok: true, query: { id: '7', title: '二手房详情' }, message: undefined });
  });

  it('a pasted link with cached keeps it plain', () => {
    expect(readQuery(`?cached=1700000000123&id=${nodeEncrypt('7')}`).query).toEqual({ cached: '1700000000123', id: '7' });
  });

  it("a tampered value is refused with 'url参数错误'", () => {
    const result = readQuery('?id=zz&cached=1');
    expect(result.ok).toBe(false);
    expect(result.message).toBe('url参数错误');
    expect(result.query.id).toBe('zz');
  });

  it('values are sanitised when read', () => {
    const result = readQuery(`?q=${nodeEncrypt(' <script>"x"</script> ')}`);
    expect(result.query.q).toBe('scriptx/script');
  });

  it('a navigation without a query is the bare path', () => {
    expect(buildHref('/coc/home', {})).toBe('/coc/home');
  });
});
