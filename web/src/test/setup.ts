// Node resolves Arco to its CommonJS build; its React 19 adapter must load before any toast.
import '@arco-design/web-react/lib/_util/react-19-adapter';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Without vitest globals, Testing Library cannot register its own unmount between tests.
afterEach(cleanup);

// Vitest runs in Node, where the wasm helper's fetch of '/…/brokerdesk_core_bg.wasm' has no server
// to reach: serve .wasm requests from disk so tests run against the real core module.
// Vitest runs from web/.
const webRoot = process.cwd();
const networkFetch = globalThis.fetch;

function wasmFile(url: string): string | undefined {
  const pathname = url.split('?')[0];
  if (!pathname.endsWith('.wasm')) return undefined;
  if (pathname.startsWith('/@fs/')) return pathname.slice('/@fs'.length);
  return path.join(webRoot, pathname);
}

globalThis.fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const file = wasmFile(url);
  if (!file) return networkFetch(input, init);
  return new Response(await readFile(file), { headers: { 'Content-Type': 'application/wasm' } });
};

// jsdom has no matchMedia; Arco's grid (under every horizontal form) subscribes to it.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
