import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { sql, type Transaction } from 'kysely';
import { ITEM_ID, type ItemSource } from '@moxa/core/console/console-contract';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { MEDIA_FOLDER, withUploads, type UploadedMedia } from '../media/media-library.ts';
import { mediaUploads } from '../media/uploads/media-repository.ts';
import { ContentError, type AnyContentKind, type ContentItem } from './content-kind.ts';
import { jsonSource, markdownSource, spliceJson, spliceMarkdown } from './item-source.ts';
import { readAllKinds } from './load-content.ts';
import { CONTENT_KINDS } from './registry.ts';

/**
 * Where content lives (issue #29, docs/decisions/037-content-in-the-database.md): the published source
 * tree — every text file of the content folder's layout, path → text — is kept in `content_sources`;
 * content/ is the seed. An empty table imports the seed; later starts take a seed file a deploy changed
 * only while the database still holds that file as last imported (staff edits win). The tree is compiled
 * by the kinds' own readers, so the console's content is read exactly as the files always were.
 */
export type SourceTree = ReadonlyMap<string, string>;
export type Compiled = Map<string, ContentItem<unknown>[]>;
export type SeedReport = { imported: number; updated: number; removed: number; kept: string[] };

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The seed's text files: everything but media/, tests beside the content and dot files. */
export function readSeed(seedDir: string, sub = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(join(seedDir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.name.startsWith('.') || entry.name.endsWith('.test.ts') || rel === MEDIA_FOLDER) continue;
    if (entry.isDirectory()) for (const [k, v] of readSeed(seedDir, rel)) out.set(k, v);
    else {
      try {
        out.set(rel, UTF8.decode(readFileSync(join(seedDir, rel))));
      } catch {
        throw new ContentError(`Invalid content in ${rel}: not a UTF-8 text file (media belong in ${MEDIA_FOLDER}/)`);
      }
    }
  }
  return sub ? out : new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

type Row = { path: string; text: string; seed_hash: string | null };
type SeedPlan = { tree: Map<string, string>; upserts: Row[]; deletes: string[]; report: SeedReport };

/** The 3-way merge of the seed into the stored tree, per file (issue #29), without writing. */
function planSeed(seed: ReadonlyMap<string, string>, rows: readonly Row[]): SeedPlan {
  const tree = new Map(rows.map((r) => [r.path, r.text]));
  const report: SeedReport = { imported: 0, updated: 0, removed: 0, kept: [] };
  const upserts: Row[] = [];
  const deletes: string[] = [];
  const stored = new Map(rows.map((r) => [r.path, r]));
  for (const [path, text] of seed) {
    const hash = sha256(text);
    const row = stored.get(path);
    if (!row) {
      upserts.push({ path, text, seed_hash: hash });
      tree.set(path, text);
      report.imported++;
    } else if (row.seed_hash === hash) continue;
    else if (row.text === text) upserts.push({ path, text, seed_hash: hash });
    else if (row.seed_hash !== null && sha256(row.text) === row.seed_hash) {
      // The database still holds the last import: the seed's change is a deploy's edit.
      upserts.push({ path, text, seed_hash: hash });
      tree.set(path, text);
      report.updated++;
    } else report.kept.push(path);
  }
  for (const row of rows) {
    if (seed.has(row.path) || row.seed_hash === null) continue;
    if (sha256(row.text) === row.seed_hash) {
      deletes.push(row.path);
      tree.delete(row.path);
      report.removed++;
    } else report.kept.push(row.path);
  }
  return { tree, upserts, deletes, report };
}

/** The hash content_meta keeps: the tree's files and the seed media they describe. */
function treeHash(tree: SourceTree, mediaDigest: string): string {
  const hash = createHash('sha256').update(mediaDigest);
  for (const path of [...tree.keys()].sort()) hash.update(path).update('\0').update(tree.get(path)!).update('\0');
  return hash.digest('hex');
}

function mediaDigestOf(seedDir: string): string {
  const hash = createHash('sha256');
  const walk = (rel: string) => {
    const abs = join(seedDir, rel);
    if (!existsSync(abs)) return;
    for (const entry of readdirSync(abs, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const sub = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(sub);
      else
        hash
          .update(sub)
          .update('\0')
          .update(readFileSync(join(seedDir, sub)));
    }
  };
  walk(MEDIA_FOLDER);
  return hash.digest('hex');
}

async function writeRows(trx: Transaction<Database>, rows: readonly Row[], now: number) {
  for (let i = 0; i < rows.length; i += 50)
    await trx
      .insertInto('content_sources')
      .values(rows.slice(i, i + 50).map((r) => ({ ...r, updated_at: now })))
      .onConflict((oc) =>
        oc.column('path').doUpdateSet({ text: sql.ref('excluded.text'), seed_hash: sql.ref('excluded.seed_hash'), updated_at: now }),
      )
      .execute();
}

async function writeItems(trx: Transaction<Database>, compiled: Compiled, kinds: readonly AnyContentKind[]) {
  for (const kind of kinds) {
    const items = compiled.get(kind.name) ?? [];
    for (let i = 0; i < items.length; i += 100) {
      await trx
        .insertInto('content_items')
        .values(items.slice(i, i + 100).map((it) => ({ kind: kind.name, id: it.id, position: it.position, data: JSON.stringify(it.data) })))
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
}

async function setHash(trx: Transaction<Database>, hash: string, now: number) {
  await trx
    .insertInto('content_meta')
    .values({ kind: 'all', hash, loaded_at: now })
    .onConflict((oc) => oc.column('kind').doUpdateSet({ hash, loaded_at: now }))
    .execute();
}

const isMarkdown = (file: string) => file.endsWith('.md');

export function contentSources(db: Db, seedDir: string, kinds: readonly AnyContentKind[] = CONTENT_KINDS) {
  let mediaDigest: string | undefined;
  // The seed's media change only with a deploy: read once per process. Console uploads (issue #30)
  // are read from the media library before each load and each published tree, so a compile resolves
  // `uploads/<id>` to the files current then, and a replaced file changes the tree's hash.
  let uploads: UploadedMedia = new Map();
  let uploadsDigest = '';
  const refreshUploads = async () => {
    uploads = await mediaUploads(db);
    uploadsDigest = createHash('sha256')
      .update(JSON.stringify([...uploads].sort(([a], [b]) => (a < b ? -1 : 1))))
      .digest('hex');
  };
  const media = () => (mediaDigest ??= mediaDigestOf(seedDir)) + uploadsDigest;
  const storedRows = () => db.selectFrom('content_sources').select(['path', 'text', 'seed_hash']).execute();
  const kindOf = (name: string) => {
    const kind = kinds.find((k) => k.name === name);
    if (!kind) throw new ContentError(`unknown content kind ${name}`);
    return kind;
  };

  const sources = {
    hash: (tree: SourceTree) => treeHash(tree, media()),
    /** Reads the media library's uploads again (publishedTree and load do it themselves). */
    refreshUploads,

    /** Imports the seed (all of it into an empty table; a deploy's changes later). Does not compile: loadContent does, first. */
    async syncSeed(now = Date.now()): Promise<SeedReport> {
      const plan = planSeed(readSeed(seedDir), await storedRows());
      await db.transaction().execute(async (trx) => {
        await writeRows(trx, plan.upserts, now);
        if (plan.deletes.length > 0) await trx.deleteFrom('content_sources').where('path', 'in', plan.deletes).execute();
      });
      return plan.report;
    },

    /** Start-up (issue #29): the seed merged in, compiled, and written with content_items in one transaction when anything changed. */
    async load(now = Date.now(), attempt = 1): Promise<{ changed: boolean; counts: Record<string, number>; seed: SeedReport }> {
      await refreshUploads();
      const plan = planSeed(readSeed(seedDir), await storedRows());
      const hash = treeHash(plan.tree, media());
      const meta = await db.selectFrom('content_meta').select('hash').where('kind', '=', 'all').executeTakeFirst();
      const compiled = meta?.hash === hash ? null : sources.compile(plan.tree);
      if (!compiled && plan.upserts.length === 0 && plan.deletes.length === 0) return { changed: false, counts: {}, seed: plan.report };
      const raced = await db.transaction().execute(async (trx) => {
        // A publish from another instance since the plan was read: plan again rather than overwrite it.
        const current = await trx.selectFrom('content_meta').select('hash').where('kind', '=', 'all').executeTakeFirst();
        if (current?.hash !== meta?.hash) return true;
        await writeRows(trx, plan.upserts, now);
        if (plan.deletes.length > 0) await trx.deleteFrom('content_sources').where('path', 'in', plan.deletes).execute();
        if (compiled) {
          await writeItems(trx, compiled, kinds);
          await setHash(trx, hash, now);
        }
        return false;
      });
      if (raced) {
        if (attempt < 3) return sources.load(now, attempt + 1);
        throw new Error('content was published by another instance during every attempt to load it; start again');
      }
      return {
        changed: compiled !== null,
        counts: compiled ? Object.fromEntries(kinds.map((k) => [k.name, compiled.get(k.name)!.length])) : {},
        seed: plan.report,
      };
    },

    async publishedTree(): Promise<SourceTree> {
      await refreshUploads();
      const rows = await db.selectFrom('content_sources').select(['path', 'text']).orderBy('path').execute();
      return new Map(rows.map((r) => [r.path, r.text]));
    },

    /**
     * Every kind read from `tree` by its own reader (readAllKinds), the tree written to a temporary
     * folder with `media` pointing at the seed's media; throws ContentError like a broken file always did.
     */
    compile(tree: SourceTree): Compiled {
      const dir = mkdtempSync(join(tmpdir(), 'moxa-compile-'));
      const link = join(dir, MEDIA_FOLDER);
      try {
        for (const [path, text] of tree) {
          const target = resolve(dir, path);
          if (!target.startsWith(`${dir}/`) || path === MEDIA_FOLDER || path.startsWith(`${MEDIA_FOLDER}/`))
            throw new ContentError(`Invalid content in ${path}: not a content file path`);
          mkdirSync(dirname(target), { recursive: true });
          writeFileSync(target, text);
        }
        const seedMedia = resolve(seedDir, MEDIA_FOLDER);
        if (existsSync(seedMedia)) symlinkSync(seedMedia, link, 'dir');
        return withUploads(uploads, () => readAllKinds(dir, kinds));
      } finally {
        if (existsSync(link)) unlinkSync(link);
        rmSync(dir, { recursive: true, force: true });
      }
    },

    /** An item's file and editable source; null when the item does not exist or its kind is not edited item by item. */
    itemSource(tree: SourceTree, compiled: Compiled, kind: string, id: string): { file: string; source: ItemSource } | null {
      const decl = kindOf(kind);
      if (!decl.edit || decl.edit.editable === false) return null;
      const item = compiled.get(kind)?.find((it) => it.id === id);
      const text = item && tree.get(item.file);
      if (!item || text === undefined) return null;
      const source = isMarkdown(item.file) ? markdownSource(text, item.file) : jsonSource(text, item.file, id);
      return source && { file: item.file, source };
    },

    /**
     * The tree with `source` as the item (a new item: a new file in the kind's folder, or appended to
     * its list file). Throws ContentError for an item that is missing (or, new, already exists), a
     * format not the kind's, or a kind not edited item by item. The result still has to compile.
     */
    withItem(tree: SourceTree, compiled: Compiled, kind: string, id: string, source: ItemSource, isNew: boolean): SourceTree {
      const decl = kindOf(kind);
      if (!decl.edit || decl.edit.editable === false) throw new ContentError(`${kind} items cannot be edited one by one`);
      // The id names the new file: letters, digits, -, _ and . only (never a path).
      if (!ITEM_ID.test(id)) throw new ContentError(`${kind}: ${JSON.stringify(id)} is not an item id`);
      const items = compiled.get(kind) ?? [];
      const item = items.find((it) => it.id === id);
      if (isNew ? item : !item) throw new ContentError(isNew ? `${kind} ${id} already exists` : `${kind} ${id} does not exist`);
      if (isNew && !decl.edit.creatable) throw new ContentError(`${kind}: new items cannot be added`);
      const sample = item ?? items[0];
      if (!sample) {
        // An empty kind (issue #30: reviews) names where its first item goes.
        const first = isNew ? decl.edit.newItemFile?.(id) : undefined;
        if (!first) throw new ContentError(`${kind} has no items to take the file layout from`);
        if (tree.has(first)) throw new ContentError(`Invalid content in ${first}: the file already exists`);
        if ((source.format === 'markdown') !== isMarkdown(first))
          throw new ContentError(`${kind} items are ${isMarkdown(first) ? 'Markdown' : 'JSON'}`);
        const text =
          source.format === 'markdown' ? spliceMarkdown(undefined, first, source) : spliceJson(undefined, first, id, source.value, false);
        return new Map(tree).set(first, text);
      }
      const markdown = isMarkdown(sample.file);
      if ((source.format === 'markdown') !== markdown) throw new ContentError(`${kind} items are ${markdown ? 'Markdown' : 'JSON'}`);
      // A folder of files, one an item (Markdown, product-marketing/<id>.json), or a list file the kind shares.
      const ownFile = markdown || (new Set(items.map((it) => it.file)).size === items.length && sample.file.endsWith(`/${sample.id}.json`));
      const file = isNew && ownFile ? `${dirname(sample.file)}/${id}${markdown ? '.md' : '.json'}` : sample.file;
      if (isNew && ownFile && tree.has(file)) throw new ContentError(`Invalid content in ${file}: the file already exists`);
      const old = isNew && ownFile ? undefined : tree.get(file);
      const text = source.format === 'markdown' ? spliceMarkdown(old, file, source) : spliceJson(old, file, id, source.value, !ownFile);
      const next = new Map(tree);
      next.set(file, text);
      return next;
    },

    /**
     * Makes `tree` (already compiled into `compiled`) the published content in one transaction: changed
     * source rows, content_items rewritten, content_meta's hash; returns the hash. `tree` is the whole
     * tree (publishedTree() with withItem applied): a stored file missing from it is deleted.
     */
    async publish(tree: SourceTree, compiled: Compiled, now = Date.now()): Promise<string> {
      const hash = treeHash(tree, media());
      await db.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom('content_sources').select(['path', 'text', 'seed_hash']).execute();
        const stored = new Map(rows.map((r) => [r.path, r]));
        const changed = [...tree]
          .filter(([path, text]) => stored.get(path)?.text !== text)
          .map(([path, text]) => ({ path, text, seed_hash: stored.get(path)?.seed_hash ?? null }));
        await writeRows(trx, changed, now);
        const gone = rows.filter((r) => !tree.has(r.path)).map((r) => r.path);
        if (gone.length > 0) await trx.deleteFrom('content_sources').where('path', 'in', gone).execute();
        await writeItems(trx, compiled, kinds);
        await setHash(trx, hash, now);
      });
      return hash;
    },

    /**
     * Issue #30: the published tree compiled again with the media library's current files (a replaced
     * upload's new URLs), written like a publish when that changes anything; returns the new hash, or
     * null when nothing changed. Compare-and-set on the content hash: a publish landing in between is
     * kept, and this runs again on top of it.
     */
    async recompile(now = Date.now(), attempt = 1): Promise<string | null> {
      const meta = await db.selectFrom('content_meta').select('hash').where('kind', '=', 'all').executeTakeFirst();
      const tree = await sources.publishedTree();
      const hash = treeHash(tree, media());
      if (meta?.hash === hash) return null;
      const compiled = sources.compile(tree);
      const raced = await db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('content_meta').select('hash').where('kind', '=', 'all').executeTakeFirst();
        if (current?.hash !== meta?.hash) return true;
        await writeItems(trx, compiled, kinds);
        await setHash(trx, hash, now);
        return false;
      });
      if (!raced) return hash;
      if (attempt < 3) return sources.recompile(now, attempt + 1);
      throw new Error('content was published by another instance during every attempt to recompile it');
    },

    /** Writes the published tree to `dir` in the seed's layout; returns the files whose text changed there. */
    async exportTo(dir: string): Promise<string[]> {
      const tree = await sources.publishedTree();
      const written: string[] = [];
      for (const [path, text] of tree) {
        const target = resolve(dir, path);
        if (!target.startsWith(`${resolve(dir)}/`)) throw new ContentError(`Invalid content in ${path}: not a content file path`);
        if (existsSync(target) && readFileSync(target, 'utf8') === text) continue;
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, text);
        written.push(path);
      }
      return written;
    },
  };
  return sources;
}

export type ContentSources = ReturnType<typeof contentSources>;
