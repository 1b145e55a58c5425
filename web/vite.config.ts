import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';

// React and the router change rarely: one long-cached chunk. Arco is left to automatic splitting so
// the login page pulls only the few components it renders; the layout and pages are lazy chunks.
const reactVendor = /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|zustand)[\\/]/;

export default defineConfig({
  plugins: [react(), wasm()],
  optimizeDeps: { exclude: ['@core/wasm'] },
  build: {
    target: 'esnext',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react-vendor', test: reactVendor, priority: 10 }],
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
