import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { ContentError, publicDeclarations, type AnyContentKind, type ContentItem } from './content-kind.ts';
import { listContentFiles } from './content-files.ts';
import { CONTENT_KINDS } from './registry.ts';
import { withUploads } from '../media/media-library.ts';
import { mediaUploads } from '../media/uploads/media-repository.ts';

export type LoadReport = { changed: boolean; counts: Record<string, number> };

/**
 * Loads content/ into `content_items`, generic over the kind registry (issue #14 §1, design §5):
 * every kind is read and validated and every cross-reference resolved before anything is written, so
 * a broken file refuses the whole load and the content already in the database stays served. Writes
 * are upserts by (kind, id) plus removal of items whose files are gone, in one transaction; nothing at
 * all happens when the files' hash is unchanged.
 */
export async function loadContent(
  db: Db,
  dir: string,
  now = Date.now(),
  kinds: readonly AnyContentKind[] = CONTENT_KINDS,
): Promise<LoadReport> {
  const digest = contentHash(dir);
  const meta = await db.selectFrom('content_meta').select('hash').where('kind', '=', 'all').executeTakeFirst();
  if (meta?.hash === digest) return { changed: false, counts: {} };

  // Issue #30: items may use console uploads (`uploads/<id>`), described from the media library.
  const all = withUploads(await mediaUploads(db), () => readAllKinds(dir, kinds));

  await db.transaction().execute(async (trx) => {
    for (const kind of kinds) {
      const items = all.get(kind.name)!;
      for (let i = 0; i < items.length; i += 100) {
        await trx
          .insertInto('content_items')
          .values(
            items.slice(i, i + 100).map((it) => ({ kind: kind.name, id: it.id, position: it.position, data: JSON.stringify(it.data) })),
          )
          .onConflict((oc) =>
            oc.columns(['kind', 'id']).doUpdateSet({ position: sql.ref('excluded.position'), data: sql.ref('excluded.data') }),
          )
          .execute();
      }
      const ids = items.map((it) => it.id);
      let del = trx.deleteFrom('content_items').where('kind', '=', kind.name);
      if (ids.length > 0) del = del.where('id', 'not in', ids);
      await del.execute();
    }
    // Kinds no longer declared leave no rows behind.
    await trx
      .deleteFrom('content_items')
      .where(
        'kind',
        'not in',
        kinds.map((k) => k.name),
      )
      .execute();
    await trx
      .insertInto('content_meta')
      .values({ kind: 'all', hash: digest, loaded_at: now })
      .onConflict((oc) => oc.column('kind').doUpdateSet({ hash: digest, loaded_at: now }))
      .execute();
  });
  return { changed: true, counts: Object.fromEntries(kinds.map((k) => [k.name, all.get(k.name)!.length])) };
}

function contentHash(dir: string): string {
  const hash = createHash('sha256');
  for (const file of listContentFiles(dir))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(dir, file)));
  return hash.digest('hex');
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
