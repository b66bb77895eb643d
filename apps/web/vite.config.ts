import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compileHints } from './build/compile-hints.ts';
import { elderBoot } from './build/elder-boot.ts';
import { precompress } from './build/precompress.ts';
import { pwa } from './build/pwa.ts';
import { routerShake } from './build/router-shake.ts';
import { screens } from './build/screens.ts';
import { statefulModules } from './build/stateful-modules.ts';

const SCREEN_SUFFIX = /-screens?$/;
const state = statefulModules(new URL('../..', import.meta.url).pathname);
const screenModules = screens(new URL('.', import.meta.url).pathname);

/** Production build for phones inside WeChat (X5/XWeb and iOS WKWebView): ES2020, split per route. */
export default defineConfig({
  // Shown on /test (issue #17 diagnostics): which build a phone is running.
  define: {
    __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '1.0.0'),
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  // Decision 044: the H5 runs on Preact through preact/compat (the entry's JavaScript ≤ 90 KB, issue
  // #33 item 2). Only this build: the console and the server's tests stay on React. Going back to
  // React is removing these aliases.
  resolve: {
    alias: [
      { find: /^react$/, replacement: new URL('./src/compat/react.ts', import.meta.url).pathname },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
    ],
  },
  plugins: [
    react(),
    routerShake(),
    elderBoot(),
    screenModules.plugin,
    state.plugin,
    compileHints(screenModules.isScreen),
    pwa(),
    precompress(),
  ],
  build: {
    target: ['es2020', 'safari14', 'chrome87'],
    cssCodeSplit: true,
    assetsInlineLimit: 2048,
    reportCompressedSize: false,
    // Read by the bundle-budget test (e2e/bundle-budget.test.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // A screen's files are named after its module without the `-screen(s)` every screen module's
        // name ends in (decision 031): the entry's preload map spells out each file name (issue #6).
        chunkFileNames: (chunk) => `assets/${chunk.name.replace(SCREEN_SUFFIX, '')}-[hash].js`,
        assetFileNames: (asset) =>
          `assets/${asset.names[0]?.endsWith('.css') ? asset.names[0].slice(0, -4).replace(SCREEN_SUFFIX, '') : '[name]'}-[hash][extname]`,
        // On a slow network each file is a request in the queue, and the chunk loader inserts a
        // preload link per file on the main thread (issue #6: LCP and TBT). So files are few:
        // - two named groups hold exactly the modules they list (not what those import):
        //   `shell`: the app shell's stores, Vite's chunk loader, the API client and the status view
        //   (loading, error and empty states of nearly every screen), loaded by the entry, so they are
        //   there before any screen asks for them;
        //   `query`: TanStack Query with our client and provider, one file for every screen that
        //   fetches (the mutation hooks stay with the two screens that post);
        // - small automatic shared chunks are copied into the chunks that use them, except those
        //   holding a library or a module that may hold state, by rule (build/stateful-modules.ts,
        //   decision 012: only modules proven stateless are copied); e2e/bundle-budget.test.ts
        //   checks from the build's module graph that no stateful module is in two files.
        codeSplitting: {
          groups: [
            // Issue #33: the UI runtime (Preact with compat and our compat additions, hooks, the JSX
            // runtime and its client renderer) and React Router as one file instead of six: on HTTP/1.1 each file past the
            // browser's six connections waits a round trip, and every page needs all of them.
            {
              name: 'framework',
              includeDependenciesRecursively: false,
              test: /[\\/]node_modules[\\/](preact|react-router)[\\/]|[\\/]src[\\/]compat[\\/]/,
            },
            {
              name: 'shell',
              includeDependenciesRecursively: false,
              test: /vite[\\/]preload-helper|[\\/]src[\\/]lib[\\/](api-client|login-check|login-info|feedback|navigation|prefetch|hydration)\.ts$|[\\/]src[\\/]components[\\/]status-view\.tsx$|[\\/]packages[\\/]core[\\/]src[\\/]login[\\/](constants|login-info)\.ts$/,
            },
            {
              name: 'query',
              includeDependenciesRecursively: false,
              test: (id) =>
                /[\\/]node_modules[\\/]@tanstack[\\/]|[\\/]src[\\/](lib[\\/]query-client\.ts|components[\\/]with-query\.tsx)$/.test(id) &&
                !/(useMutation|mutationObserver)\.js$/.test(id),
            },
          ],
          experimentalInlineCommonChunks: {
            maxSize: 8 * 1024,
            exclude: [/[\\/]node_modules[\\/]/, state.isStateful],
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
