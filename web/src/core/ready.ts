// When core's functions may be called. In the browser build `@core/wasm` loads its module on
// demand (lazyWasm.ts): the login form renders first and its checks wait here. Under Vitest it is
// wasm-pack's own module, instantiated before any test runs, so there is nothing to wait for.
import { useSyncExternalStore } from 'react';
import * as core from '@core/wasm';

interface Loader {
  loadCore(): Promise<void>;
  coreLoaded(): boolean;
}
const loader = core as unknown as Partial<Loader>;

const listeners = new Set<() => void>();

/** Core's module, fetched on the first ask; resolves once its functions work. */
export function coreReady(): Promise<void> {
  if (!loader.loadCore || loader.coreLoaded?.()) return Promise.resolve();
  return loader.loadCore().then(() => {
    for (const listener of listeners) listener();
  });
}

export function coreLoaded(): boolean {
  return loader.coreLoaded?.() ?? true;
}

/** Re-renders the caller once core has loaded. */
export function useCoreLoaded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    coreLoaded,
  );
}

/**
 * On a first visit of the login page core is needed only once the user acts: its download
 * starts at their first key, click or focus (the form's checks and 登录 wait for it), so the page
 * itself costs the entry script and its stylesheet alone.
 */
export function loadCoreOnFirstInput(): void {
  const events = ['pointerdown', 'keydown', 'focusin'] as const;
  const start = () => {
    for (const type of events) window.removeEventListener(type, start, true);
    coreReady().catch(() => undefined);
  };
  for (const type of events) window.addEventListener(type, start, { capture: true, passive: true });
}
