import { cpSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentRevision, REVISION_FILE } from '../apps/web/build/content-revision.ts';
import { buildIsStale } from './build-state.ts';

/** A minimal project tree: web sources, core sources, content, and a build made from them. */
function project() {
  const root = mkdtempSync(join(tmpdir(), 'moxa-start-'));
  for (const dir of ['apps/web/src', 'packages/core/src', 'content/notices', 'apps/web/dist/.vite'])
    mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, 'apps/web/src/main.tsx'), 'x');
  writeFileSync(join(root, 'packages/core/src/a.ts'), 'x');
  writeFileSync(join(root, 'content/notices/a.md'), '# 灸前准备');
  const past = new Date(Date.now() - 60_000);
  for (const f of ['apps/web/src/main.tsx', 'packages/core/src/a.ts', 'content/notices/a.md']) utimesSync(join(root, f), past, past);
  writeFileSync(join(root, 'apps/web/dist/index.html'), '<!doctype html>');
  writeFileSync(join(root, 'apps/web/dist', REVISION_FILE), contentRevision(join(root, 'content')));
  return root;
}

describe('npm start rebuilds what is stale (issue #14 §10)', () => {
  it('keeps a build made from the current sources and content', () => {
    expect(buildIsStale(project())).toBeNull();
  });

  it('rebuilds when content changed, even with an older timestamp', () => {
    const root = project();
    writeFileSync(join(root, 'content/notices/a.md'), '# 灸前准备（修订）');
    const past = new Date(Date.now() - 120_000);
    utimesSync(join(root, 'content/notices/a.md'), past, past);
    expect(buildIsStale(root)).toBe('content changed');
  });

  it('rebuilds when a content file is added, or the build has no recorded revision', () => {
    const root = project();
    cpSync(join(root, 'content/notices/a.md'), join(root, 'content/notices/b.md'));
    expect(buildIsStale(root)).toBe('content changed');
    const other = project();
    writeFileSync(join(other, 'apps/web/dist', REVISION_FILE), '');
    expect(buildIsStale(other)).toBe('content changed');
  });

  it('rebuilds when there is no build or the sources are newer', () => {
    const root = project();
    const past = new Date(Date.now() - 30_000);
    utimesSync(join(root, 'apps/web/dist/index.html'), past, past);
    writeFileSync(join(root, 'apps/web/src/main.tsx'), 'y');
    expect(buildIsStale(root)).toBe('sources changed');
    expect(buildIsStale(project().replace(/$/, '/missing'))).toBe('no build yet');
  });
});
