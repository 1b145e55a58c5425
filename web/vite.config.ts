import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';

const ARCO = '@arco-design/web-react';
const arcoEs = fileURLToPath(new URL(`./node_modules/${ARCO}/es/`, import.meta.url));
const arcoImport = /import\s*\{([^}]*)\}\s*from\s*['"]@arco-design\/web-react['"]/g;

/**
 * Arco's styles per component instead of the whole 559 KB arco.css: a module importing
 * `{ Button, Form }` from Arco also imports `es/Button/style/css.js` and `es/Form/style/css.js`
 * (each pulls the base tokens and the styles of the components it renders inside). The CSS then
 * travels with the chunk that uses it, so the login page carries only its own.
 */
function arcoStylePerComponent(): Plugin {
  return {
    name: 'arco-style-per-component',
    enforce: 'pre',
    // Vitest leaves node_modules to Node, which cannot import .css files; tests need no styles.
    apply: () => !process.env.VITEST,
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id) || !code.includes(ARCO)) return null;
      const styles = new Set<string>();
      for (const [, names] of code.matchAll(arcoImport)) {
        for (const spec of names.split(',')) {
          const name = spec.trim().split(/\s+as\s+/)[0];
          if (!name || name.startsWith('type ')) continue;
          if (existsSync(`${arcoEs}${name}/style/css.js`)) styles.add(`import '${ARCO}/es/${name}/style/css.js';`);
        }
      }
      return styles.size === 0 ? null : { code: `${[...styles].join('\n')}\n${code}`, map: null };
    },
  };
}

const corePkg = fileURLToPath(new URL('./node_modules/@core/wasm/', import.meta.url));
const CORE_GLUE = `${corePkg}brokerdesk_core_bg.js`;
const CORE_WASM = `${corePkg}brokerdesk_core_bg.wasm`;
const SNAPSHOT = 'virtual:core-snapshot';
/** Node's WebAssembly, which the Node types used for this file do not declare. */
const { WebAssembly: wasmRuntime } = globalThis as unknown as {
  WebAssembly: { instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: Record<string, unknown> } }> };
};

/**
 * Core's answers the first screen reads before the wasm module has arrived (texts, constants,
 * storage keys, the empty route table, the login forms' fields), asked of the same module at build time in Node, so
 * they stay core's and the login page needs no wasm to render.
 */
function coreSnapshot(): Plugin {
  return {
    name: 'core-snapshot',
    resolveId: (id) => (id === SNAPSHOT ? `\0${SNAPSHOT}` : null),
    async load(id) {
      if (id !== `\0${SNAPSHOT}`) return null;
      this.addWatchFile(CORE_WASM);
      // A fresh glue module each time: it holds the instance it was given.
      const glue = await import(`${pathToFileURL(CORE_GLUE).href}?at=${Date.now()}`);
      const { instance } = await wasmRuntime.instantiate(readFileSync(CORE_WASM), { './brokerdesk_core_bg.js': glue });
      glue.__wbg_set_wasm(instance.exports);
      (instance.exports.__wbindgen_start as () => void)();
      const snapshot = {
        messages: glue.messages(),
        constants: glue.constants(),
        sharedStorageKeys: glue.storageKeys(''),
        emptyRouteTable: glue.buildRouteTable([]),
        // The login page's forms: their labels show before the module has arrived.
        firstScreenForms: { login: glue.formFields('login'), loginCode: glue.formFields('loginCode') },
      };
      return Object.entries(snapshot)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
        .join('\n');
    },
  };
}

/** The session cookie's name (stores/cookies.ts): with it the app needs core at once. */
const SESSION_COOKIE = 'token';

/**
 * The wasm module is fetched by the app when it needs it (src/core/lazyWasm.ts). With a session
 * (a reload inside the workspace) that is at once, so a small inline script starts the download
 * beside the entry script; a first visit of the login page leaves it until the user acts.
 */
function preloadWasmWithSession(): Plugin {
  return {
    name: 'preload-wasm-with-session',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const wasmFile = Object.keys(bundle ?? {}).find((file) => file.endsWith('.wasm'));
        if (!wasmFile) return [];
        const preload =
          `if (/(^|; )${SESSION_COOKIE}=./.test(document.cookie)) {` +
          `const link = document.createElement('link');` +
          `link.rel = 'preload'; link.as = 'fetch'; link.type = 'application/wasm'; link.crossOrigin = '';` +
          `link.href = ${JSON.stringify(`/${wasmFile}`)}; document.head.append(link); }`;
        return [{ tag: 'script', children: preload, injectTo: 'head' as const }];
      },
    },
  };
}

export default defineConfig({
  plugins: [arcoStylePerComponent(), coreSnapshot(), react(), wasm(), preloadWasmWithSession()],
  optimizeDeps: { exclude: ['@core/wasm'] },
  resolve: {
    // The browser loads core's module on demand; Vitest keeps wasm-pack's, instantiated up front.
    alias: process.env.VITEST
      ? []
      : [{ find: /^@core\/wasm$/, replacement: fileURLToPath(new URL('./src/core/lazyWasm.ts', import.meta.url)) }],
  },
  build: {
    target: 'esnext',
    rolldownOptions: {
      output: {
        // Everything the first screen needs (React, the router, the stores, core's glue, the login
        // page and its Arco components) is one entry chunk with one stylesheet: no chain of small
        // shared chunks before the form shows. The layout and the pages stay lazy chunks.
        codeSplitting: {
          groups: [{ name: 'index', tags: ['$initial'], priority: 10 }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
