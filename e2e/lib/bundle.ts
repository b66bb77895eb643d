import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './server-process.ts';

type Chunk = {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  src?: string;
  name?: string;
};
export const DIST = join(ROOT, 'apps/web/dist');

export function readManifest(): Record<string, Chunk> {
  return JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
}

export const gzipSize = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;

/** Files a chunk needs before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Record<string, Chunk>, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imp of chunk.imports ?? []) staticClosure(manifest, imp, seen);
  return seen;
}

/** The manifest key of the chunk with TanStack Query and our provider (the `query` group, vite.config.ts). */
export function queryChunk(manifest: Record<string, Chunk>): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.name === 'query' && !manifest[k]!.src);
  if (!key) throw new Error('no query chunk in the manifest (vite.config.ts codeSplitting.groups)');
  return key;
}

/**
 * The manifest key of a screen module as a route row names it (`<feature>/<module>`, decision 031):
 * `src/features/<feature>/components/<module>.tsx`, or `src/features/<feature>/<module>.tsx`.
 */
export function screenKey(manifest: Record<string, Chunk>, module: string): string {
  const [feature, name] = module.split('/');
  const key = [`src/features/${feature}/components/${name}.tsx`, `src/features/${feature}/${name}.tsx`].find((k) => manifest[k]);
  if (!key) throw new Error(`no chunk for the screen module ${module} in the manifest`);
  return key;
}

/**
 * JavaScript needed to show a screen: the entry's closure, react-dom (app/mount.tsx, loaded by the
 * entry at once), the screen module's closure and, for screens that fetch, the query provider's.
 */
export function screenJs(manifest: Record<string, Chunk>, module: string, withQuery: boolean): { files: string[]; gzip: number } {
  const files = new Set([
    ...staticClosure(manifest, 'index.html'),
    ...staticClosure(manifest, 'src/app/mount.tsx'),
    ...staticClosure(manifest, screenKey(manifest, module)),
    ...(withQuery ? staticClosure(manifest, queryChunk(manifest)) : []),
  ]);
  return { files: [...files], gzip: [...files].reduce((n, f) => n + gzipSize(f), 0) };
}

/** A screen's own chunk(s): the screen module's closure minus what the app shell already loaded. */
export function ownChunks(manifest: Record<string, Chunk>, module: string): { files: string[]; gzip: number } {
  const entry = new Set([...staticClosure(manifest, 'index.html'), ...staticClosure(manifest, 'src/app/mount.tsx')]);
  const files = [...staticClosure(manifest, screenKey(manifest, module))].filter((f) => !entry.has(f));
  return { files, gzip: files.reduce((n, f) => n + gzipSize(f), 0) };
}
