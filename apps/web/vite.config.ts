import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { pwa } from './build/pwa.ts';

/** Production build for phones inside WeChat (X5/XWeb and iOS WKWebView): ES2020, split per route. */
export default defineConfig({
  plugins: [react(), pwa(), precompress()],
  build: {
    target: ['es2020', 'safari14', 'chrome87'],
    cssCodeSplit: true,
    assetsInlineLimit: 2048,
    reportCompressedSize: false,
    // Read by the bundle-budget test (e2e/bundle-budget.test.ts).
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/aysdmp': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
});
