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
    rolldownOptions: {
      output: {
        // Automatic splitting leaves dozens of sub-kilobyte shared chunks, and on a slow network each
        // is a request in the queue (issue #6: LCP and TBT of screens that load ~24 files). Small
        // shared chunks are copied into the chunks that use them, except those holding state that
        // must exist once. The app shell's stores (login info, prefetches, navigation, feedback) are
        // in the entry chunk, which is never copied; the others are excluded here: the API client
        // (its ApiError class), the query client and provider, the constitution store (*-storage.ts)
        // and all libraries (TanStack Query's managers). e2e/bundle-budget.test.ts checks that each
        // stateful module is bundled exactly once.
        codeSplitting: {
          experimentalInlineCommonChunks: {
            maxSize: 8 * 1024,
            exclude: [
              /[\\/]node_modules[\\/]/,
              /[\\/]src[\\/]lib[\\/](api-client|query-client)\.ts$/,
              /-storage\.ts$/,
              /[\\/]components[\\/]with-query/,
            ],
          },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/aysdmp': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
});
