import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The operator console (issue #29): a build of its own under /console, never loaded by the H5 (its
 * entry and byte budgets are apps/web's). Desktop browsers first; served by the server
 * (apps/server/src/plugins/console-static.ts), hashed files under /console/assets cached for a year.
 */
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  // Only @rjsf/core's test helper imports Ajv's validator; the console uses validator.ts (no eval under the CSP).
  resolve: { alias: { '@rjsf/validator-ajv8': fileURLToPath(new URL('./src/lib/no-ajv.ts', import.meta.url)) } },
  build: {
    target: ['es2022', 'chrome111', 'safari16'],
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: false,
    // antd with the generated form's widgets is one ~1.2 MB file (desktop first; cached for a year).
    chunkSizeWarningLimit: 1600,
    rolldownOptions: {
      output: {
        // Libraries in a few long-cached files of their own, so a console release re-downloads only its code.
        codeSplitting: {
          groups: [
            { name: 'antd', test: /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[a-z-]+)[\\/]/ },
            {
              name: 'rjsf',
              test: /[\\/]node_modules[\\/](@rjsf|@cfworker|lodash|lodash-es|jsonpointer|json-schema-merge-allof|markdown-to-jsx)[\\/]/,
            },
            { name: 'refine', test: /[\\/]node_modules[\\/](@refinedev|@tanstack|react-router|qs|papaparse|pluralize|warn-once)[\\/]/ },
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5174,
    proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
});
