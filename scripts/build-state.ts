import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { contentRevision, REVISION_FILE } from '../apps/web/build/content-revision.ts';

function newest(dir: string): number {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

/**
 * Why the web build must be made again, or null when it is current (issue #14 §10): missing, older
 * than the web or core sources, or made from other content than content/ holds now — the prerendered
 * pages and the offline cache's revision carry content, so they would otherwise be stale.
 */
export function buildIsStale(root: string, contentDir = join(root, 'content')): string | null {
  const dist = join(root, 'apps/web/dist');
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return 'no build yet';
  const sources = Math.max(newest(join(root, 'apps/web')), newest(join(root, 'packages/core/src')));
  if (statSync(index).mtimeMs < sources) return 'sources changed';
  const recorded = existsSync(join(dist, REVISION_FILE)) ? readFileSync(join(dist, REVISION_FILE), 'utf8').trim() : '';
  if (recorded !== contentRevision(contentDir)) return 'content changed';
  return null;
}
