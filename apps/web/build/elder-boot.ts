import type { Plugin } from 'vite';
import { ELDER_BOOT_SCRIPT } from '@moxa/core/ui/elder-mode';

/** Puts the 长辈版 boot script first in <head> (issue #18): the mode is on before anything paints. */
export function elderBoot(): Plugin {
  return {
    name: 'moxa-elder-boot',
    transformIndexHtml: () => [{ tag: 'script', children: ELDER_BOOT_SCRIPT, injectTo: 'head-prepend' }],
  };
}
