// wasm-pack ships no types for its glue file; it exports what the package does (the browser
// build imports it directly, see lazyWasm.ts) plus the hook that hands it the instance.
declare module '@core/wasm/brokerdesk_core_bg.js' {
  export * from '@core/wasm';
  export function __wbg_set_wasm(exports: WebAssembly.Exports): void;
}

// Core's answers computed at build time (vite.config.ts, coreSnapshot), for what the first screen
// reads before the wasm module has arrived.
declare module 'virtual:core-snapshot' {
  import type { FormFieldDef, RouteTable, StorageKeys } from '@core/wasm';
  /** messages() */
  export const messages: Record<string, string>;
  /** constants() */
  export const constants: Record<string, number>;
  /** storageKeys('') */
  export const sharedStorageKeys: StorageKeys;
  /** buildRouteTable([]) */
  export const emptyRouteTable: RouteTable;
  /** formFields('login') and formFields('loginCode') */
  export const firstScreenForms: { login: FormFieldDef[]; loginCode: FormFieldDef[] };
}
