import { mergeConfig } from 'vite';
import base from '../../apps/web/vite.config.ts';

/**
 * The same app built as "the next deploy" (e2e/deploy.test.ts): a banner makes every file's content,
 * and so its hashed name, differ from the current build's, as a real code change would.
 */
export default mergeConfig(base, {
  build: {
    outDir: process.env.REDEPLOY_OUT_DIR,
    emptyOutDir: true,
    // After minification, which would drop a plain banner.
    rolldownOptions: { output: { postBanner: '/* the next deploy */' } },
  },
});
