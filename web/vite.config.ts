import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

/**
 * The core's wasm is fetched by the entry chunk's glue only once that chunk has run; a preload in
 * the page starts it beside the entry script instead of after it.
 */
function preloadWasm(): Plugin {
  return {
    name: 'preload-wasm',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const wasmFiles = Object.keys(bundle ?? {}).filter((file) => file.endsWith('.wasm'));
        return wasmFiles.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'fetch', type: 'application/wasm', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [arcoStylePerComponent(), react(), wasm(), preloadWasm()],
  optimizeDeps: { exclude: ['@core/wasm'] },
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
