// What `@core/wasm` is in the browser build (vite.config.ts aliases it here): the same functions
// as wasm-pack's bundler module, without its top-level await. That module instantiates the wasm
// before any module importing it may run, which put a 400 KB download and its compilation in
// front of the login form; here the module is fetched when the app asks (`loadCore`), and the
// functions work once it has arrived. Data the first screen reads before then is core's too,
// computed at build time (`virtual:core-snapshot`).
import * as glue from '@core/wasm/brokerdesk_core_bg.js';
import wasmUrl from '@core/wasm/brokerdesk_core_bg.wasm?url';

export * from '@core/wasm/brokerdesk_core_bg.js';

/** The wasm module's import namespace, as wasm-bindgen names it. */
const IMPORTS = { './brokerdesk_core_bg.js': glue as unknown as WebAssembly.ModuleImports };

let loading: Promise<void> | undefined;
let loaded = false;

async function instantiate(): Promise<void> {
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`${wasmUrl}: HTTP ${response.status}`);
  const { instance } = await WebAssembly.instantiateStreaming(response, IMPORTS);
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  loaded = true;
}

/** Fetches and starts the module once; a failed fetch (network) is tried again on the next ask. */
export function loadCore(): Promise<void> {
  loading ??= instantiate().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Whether core's functions can be called now. */
export function coreLoaded(): boolean {
  return loaded;
}
