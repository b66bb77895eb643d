import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { findInternalLinks } from '@moxa/core/content/internal-links';
import { PUBLIC_KIND_NAMES, PUBLIC_KINDS, type PublicKind } from '@moxa/core/content/public-kinds';
import type { RichText } from '@moxa/core/content/rich-text';
import { expandSafetyFacts, SafetyFactError } from '@moxa/core/safety/safety-facts';
import type { SearchDoc } from '@moxa/core/search/text-search';
import { splitFrontMatter } from './front-matter.ts';
import { describeImage } from '../media/media-library.ts';
import { MarkdownError, renderMarkdown } from './markdown.ts';

/**
 * A content kind, declared once (issue #14 §1): how its items are read from `content/` and validated,
 * the other items they refer to, and the search document each contributes. Every kind is stored in
 * `content_items` under its name; the loader (load-content.ts) is generic over the registry.
 */
export type ContentRef = { kind: string; id: string };

export type ContentItem<T> = {
  id: string;
  position: number;
  /** Where the item was read from, for error messages: `diseases/insomnia.md`. */
  file: string;
  data: T;
};

/** What a search result shows besides the ranking fields: a title, a one-line summary. */
export type KindSearchDoc = SearchDoc & { title: string; summary: string };

/**
 * How staff edit a kind's items in the console (issue #29): each item's source is its Markdown file
 * (front matter + body), its element of a JSON list file (found by `id`, or `code`), or its JSON file
 * (content-sources.ts, item-source.ts). A kind without `edit` is not listed in the console.
 */
export type KindEdit = {
  /** The kind's name for staff, in Chinese. */
  label: string;
  /** The source's schema (front matter / JSON element), the one the kind reads it with; none: edited as JSON. */
  schema?: z.ZodType;
  /** Whether staff may add items (Markdown folders, JSON lists and folders). */
  creatable?: boolean;
  /** False when items cannot be edited one by one; `note` says why. */
  editable?: boolean;
  /** Shown to staff beside the kind (why it is read-only, or what is edited where). */
  note?: string;
  /**
   * The H5 paths that show the item, for the preview. `compiled`: the content the item is previewed in
   * (a kind shown on another kind's pages, reviews on their product's, finds its pages there).
   */
  paths?(id: string, compiled?: ReadonlyMap<string, readonly ContentItem<unknown>[]>): string[];
  /**
   * Where a new item's file goes while the kind has no item to take the layout from (reviews, whose
   * seed holds none: `reviews/<id>.json`; issue #30).
   */
  newItemFile?(id: string): string;
};

type KindParts<T> = {
  read(dir: string): ContentItem<T>[];
  /** Console editing (issue #29); see KindEdit. */
  edit?: KindEdit;
  /** Items this one refers to; each must exist when the content is loaded. */
  refs?(data: T): ContentRef[];
  /** Invariants over the whole kind (e.g. a meridian's declared point count). */
  check?(items: ContentItem<T>[], all: ReadonlyMap<string, ContentItem<unknown>[]>): void;
};

/**
 * A supporting kind (groups, types, chart views, marketing pages): read through the kinds that refer
 * to it and its own routes, never searched, linked or kept, so any name. The compiler refuses
 * `public` or `search` here: a public kind's name must first be a row of PUBLIC_KINDS.
 */
export type SupportingContentKind<T> = KindParts<T> & { name: string; public?: undefined; search?: undefined };

/**
 * A public kind (issue #28 §1): named after its row in PUBLIC_KINDS (core content/public-kinds.ts),
 * which gives its label, detail path and whether search covers it and favourites keep it. Search
 * documents, favourites' titles and hrefs all follow from the two, with no per-kind code elsewhere.
 */
export type PublicContentKind<T> = KindParts<T> & {
  name: PublicKind;
  public: {
    /** The item's title as favourites and history show it. */
    title(data: T): string;
    /** An id as a link or a device may spell it → the id it is stored under (acupoints: `sj5` → `TE5`). */
    canonicalId?(id: string): string;
  };
  /** Required when the row is searchable: the item's search document. */
  search?(data: T): KindSearchDoc;
};

export type ContentKind<T> = SupportingContentKind<T> | PublicContentKind<T>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds kinds of every item type
export type AnyContentKind = ContentKind<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export type AnyPublicKind = PublicContentKind<any>;

export const defineKind = <T>(kind: ContentKind<T>): ContentKind<T> => kind;

/** A kind as the console lists it (issue #29): every declared kind with an `edit` block. */
export type EditableKind = {
  name: string;
  label: string;
  editable: boolean;
  creatable: boolean;
  note: string | null;
  schema: z.ZodType | null;
  paths(id: string, compiled?: ReadonlyMap<string, readonly ContentItem<unknown>[]>): string[];
};

export const editableKinds = (kinds: readonly AnyContentKind[]): EditableKind[] =>
  kinds.flatMap((k) =>
    k.edit
      ? [
          {
            name: k.name,
            label: k.edit.label,
            editable: k.edit.editable !== false,
            creatable: k.edit.editable !== false && k.edit.creatable === true,
            note: k.edit.note ?? null,
            schema: k.edit.schema ?? null,
            paths: (id: string, compiled?: ReadonlyMap<string, readonly ContentItem<unknown>[]>) => k.edit?.paths?.(id, compiled) ?? [],
          },
        ]
      : [],
  );
export const isPublicDeclaration = (kind: AnyContentKind): kind is AnyPublicKind => kind.public !== undefined;

/**
 * The declaration of each public kind among `kinds`; throws naming the first public kind that has
 * none, or whose `search` does not match its row's `searchable` (issue #28 §5: a forgotten registry
 * line stops the load, search and favourites instead of giving an empty search or an unkeepable item).
 */
export function publicDeclarations(kinds: readonly AnyContentKind[]): ReadonlyMap<PublicKind, AnyPublicKind> {
  const declared = new Map(kinds.filter(isPublicDeclaration).map((k) => [k.name, k]));
  for (const name of PUBLIC_KIND_NAMES) {
    const kind = declared.get(name);
    if (!kind) throw new Error(`public kind ${name} has no declaration in apps/server/src/content/registry.ts`);
    if (PUBLIC_KINDS[name].searchable !== Boolean(kind.search))
      throw new Error(
        `public kind ${name}: its declaration ${kind.search ? 'has search, its row is not searchable' : 'has no search, its row is searchable'}`,
      );
  }
  return declared;
}

export class ContentError extends Error {}

export function parseContent<T extends z.ZodType>(schema: T, value: unknown, where: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ContentError(`Invalid content in ${where}: ${issue?.path.join('.')} ${issue?.message}`);
  }
  return result.data;
}

/**
 * A content file's text with its safety-fact placeholders rendered (issue #26): every kind reads
 * through here, so `{{safety:fever}}` means the same words in JSON, front matter and Markdown.
 */
export function readContentText(dir: string, file: string): string {
  try {
    return expandSafetyFacts(readFileSync(join(dir, file), 'utf8'));
  } catch (err) {
    if (err instanceof SafetyFactError) throw new ContentError(`Invalid content in ${file}: ${err.message}`);
    throw err;
  }
}

export const readJson = (dir: string, file: string): unknown => {
  const text = readContentText(dir, file);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ContentError(`Invalid content in ${file}: ${(err as Error).message}`);
  }
};

/** A JSON array of items, each with an id; position is its place in the file. */
export function readJsonList<S extends z.ZodType<{ id: string }>>(dir: string, file: string, schema: S): ContentItem<z.infer<S>>[] {
  const list = parseContent(z.array(schema).min(1), readJson(dir, file), file);
  return list.map((data, position) => ({ id: data.id, position, file, data }));
}

/** A folder of JSON files, one item each, the file name being its id (`product-marketing/<id>.json`). */
export function readJsonItems<S extends z.ZodType<{ id: string }>>(dir: string, folder: string, schema: S): ContentItem<z.infer<S>>[] {
  return readdirSync(join(dir, folder))
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((name, position) => {
      const file = `${folder}/${name}`;
      const data = parseContent(schema, readJson(dir, file), file);
      if (`${data.id}.json` !== name) throw new ContentError(`Invalid content in ${file}: id ${data.id} does not match the file name`);
      return { id: data.id, position, file, data };
    });
}

/** A markdown item's fields once read: its front matter, the sanitised body and the links in it. */
export type MarkdownFields = { body: RichText; links: ContentRef[] };

/**
 * Markdown items of one kind: `<folder>/<id>.md`, front matter validated by `schema`, the file name
 * being the id, the body rendered to sanitised rich text (issue #14 §2). Sorted by position, then id.
 */
export function readMarkdownItems<S extends z.ZodType<{ id: string; position: number }>>(
  dir: string,
  folder: string,
  schema: S,
): ContentItem<z.infer<S> & MarkdownFields>[] {
  const items: ContentItem<z.infer<S> & MarkdownFields>[] = [];
  for (const name of readdirSync(join(dir, folder))
    .filter((n) => n.endsWith('.md'))
    .sort()) {
    const file = `${folder}/${name}`;
    const { data, body } = splitFrontMatter(readContentText(dir, file), file);
    const item = parseContent(schema, data, file);
    if (`${item.id}.md` !== name) throw new ContentError(`Invalid content in ${file}: id ${item.id} does not match the file name`);
    if (!body) throw new ContentError(`Invalid content in ${file}: the Markdown body is empty`);
    let rendered: RichText;
    try {
      rendered = renderMarkdown(body, (src, alt) => describeImage(dir, src, alt));
    } catch (err) {
      if (err instanceof MarkdownError) throw new ContentError(`Invalid content in ${file}: ${err.message}`);
      throw err;
    }
    const links = findInternalLinks(body).map((l) => ({ kind: l.kind, id: l.id }));
    items.push({ id: item.id, position: item.position, file, data: { ...item, body: rendered, links } });
  }
  return items.sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
}
