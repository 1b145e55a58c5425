// Query protection of spec §2/§9: values travel encrypted (core AES-CBC), `cached` stays plain,
// and every value read back is sanitised.
import { decryptQuery, encryptQueryValue, sanitizeQueryValue } from '@core/wasm';
import { runtimeConfig } from '../config/runtime';

export interface ReadQuery {
  ok: boolean;
  query: Record<string, string>;
  message?: string;
}

export function readQuery(search: string): ReadQuery {
  const { queryKey, queryIv } = runtimeConfig();
  const result = decryptQuery(Object.fromEntries(new URLSearchParams(search)), queryKey, queryIv);
  const query = Object.fromEntries(
    Object.entries(result.query).map(([name, value]) => [name, sanitizeQueryValue(value)]),
  );
  return { ok: result.ok, query, message: result.message };
}

/** The href for a navigation: values encrypted (the `cached` stamp travels in history state, useNav.ts). */
export function buildHref(path: string, query: Record<string, string>): string {
  const { queryKey, queryIv } = runtimeConfig();
  const encrypted = Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, encryptQueryValue(value, queryKey, queryIv)]),
  );
  const search = new URLSearchParams(encrypted).toString();
  return search ? `${path}?${search}` : path;
}
