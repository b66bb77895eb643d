import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const CONTENT_DIR = new URL('../../../content/', import.meta.url).pathname;
/** Where the build records the revision of the content it was made from (read by `npm start`). */
export const REVISION_FILE = '.vite/content-revision';

/**
 * A revision of content/: changes whenever a content file changes. The service worker's precached
 * API reads carry it, and the prerendered pages hold content, so `npm start` rebuilds when the
 * recorded one differs (issue #14 §10).
 */
export function contentRevision(dir = CONTENT_DIR): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (!name.endsWith('.test.ts')) hash.update(name).update(readFileSync(p));
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 16);
}
