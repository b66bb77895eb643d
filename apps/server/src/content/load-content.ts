import type { Db } from '../db/database.ts';
import { ContentError, publicDeclarations, type AnyContentKind, type ContentItem } from './content-kind.ts';
import { contentSources } from './content-sources.ts';
import { CONTENT_KINDS } from './registry.ts';

export type LoadReport = { changed: boolean; counts: Record<string, number> };

/**
 * Start-up load (issue #14 §1, issue #29): the seed in `dir` is merged into the published source tree
 * (content_sources; an empty database imports all of it), the tree is compiled by every kind's reader
 * and checked — every cross-reference resolved — and only then are the sources, `content_items` and the
 * hash written, in one transaction. A broken file refuses the whole load and the content already in the
 * database stays served; nothing at all happens when the tree's hash is unchanged.
 */
export async function loadContent(
  db: Db,
  dir: string,
  now = Date.now(),
  kinds: readonly AnyContentKind[] = CONTENT_KINDS,
  log: (message: string) => void = (m) => console.warn(m),
): Promise<LoadReport> {
  const { changed, counts, seed } = await contentSources(db, dir, kinds).load(now);
  if (seed.kept.length > 0)
    log(`content/ changed files staff have edited in the console; the console's version is kept: ${seed.kept.join(', ')}`);
  return { changed, counts };
}

/**
 * Reads every kind and checks ids, cross-references and each kind's own invariants; throws ContentError
 * naming the file and item. First, every public kind must have its declaration (issue #28 §5), so a
 * forgotten registry line stops the start, the prerender and `npm run check:content`.
 */
export function readAllKinds(dir: string, kinds: readonly AnyContentKind[] = CONTENT_KINDS): Map<string, ContentItem<unknown>[]> {
  publicDeclarations(kinds);
  const all = new Map<string, ContentItem<unknown>[]>();
  for (const kind of kinds) {
    if (all.has(kind.name)) throw new Error(`content kind ${kind.name} is declared twice`);
    const items = kind.read(dir);
    const seen = new Set<string>();
    for (const it of items) {
      if (seen.has(it.id)) throw new ContentError(`Invalid content in ${it.file}: ${kind.name} ${it.id} appears twice`);
      seen.add(it.id);
    }
    all.set(kind.name, items);
  }
  const ids = new Map([...all].map(([name, items]) => [name, new Set(items.map((it) => it.id))]));
  for (const kind of kinds) {
    for (const it of all.get(kind.name)!) {
      for (const ref of kind.refs?.(it.data) ?? []) {
        if (!ids.get(ref.kind)?.has(ref.id))
          throw new ContentError(
            `Invalid content in ${it.file}: ${kind.name} ${it.id} refers to ${ref.kind} ${ref.id}, which does not exist`,
          );
      }
    }
    kind.check?.(all.get(kind.name)!, all);
  }
  return all;
}
