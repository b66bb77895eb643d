import { globSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PUBLIC_KIND_NAMES, PUBLIC_KINDS, publicKindHref, type PublicKind } from '@moxa/core/content/public-kinds';
import type { HastNode } from '@moxa/core/content/rich-text';
import { SAVED_KINDS } from '@moxa/core/mine/saved-kinds';
import { SEARCH_KINDS } from '@moxa/core/search/search-kinds';
import { savedContent } from '../mine/saved-content.ts';
import { searchService } from '../search/search-service.ts';
import { isPublicDeclaration, publicDeclarations, type AnyContentKind, type AnyPublicKind } from './content-kind.ts';
import type { ContentStore } from './content-store.ts';
import { readAllKinds } from './load-content.ts';
import { renderMarkdown } from './markdown.ts';
import { CONTENT_KINDS } from './registry.ts';

/**
 * Issue #28 §5: every piece a public kind needs is there, so forgetting one fails here rather than as an
 * empty search, a link rendered without its href or a favourite that cannot be kept. The public kinds'
 * table (core content/public-kinds.ts) against the server's declarations and the real content.
 */
const CONTENT_DIR = process.env.TEST_CONTENT_DIR ?? new URL('../../../../content', import.meta.url).pathname;
const SERVER_SRC = new URL('..', import.meta.url).pathname;

const all = readAllKinds(CONTENT_DIR);
const store = {
  list: (kind) => (all.get(kind.name) ?? []).map((it) => it.data),
  get: (kind, id) => all.get(kind.name)?.find((it) => it.id === id)?.data,
} as ContentStore;

const declarationOf = (name: PublicKind): AnyPublicKind => {
  const kind = CONTENT_KINDS.find((k) => k.name === name);
  if (!kind) throw new Error(`public kind ${name} has no declaration in CONTENT_KINDS (apps/server/src/content/registry.ts)`);
  if (!isPublicDeclaration(kind)) throw new Error(`the declaration of ${name} has no \`public: { title }\``);
  return kind;
};
/** The first loaded item of a kind: every public kind has content, or its screens would be empty. */
const firstItem = (name: PublicKind) => {
  const item = all.get(name)?.[0];
  if (!item) throw new Error(`public kind ${name} has no items in content/`);
  return item;
};
const hrefsIn = (nodes: HastNode[]): string[] =>
  nodes.flatMap((n) =>
    n.type === 'element' ? [...(n.tagName === 'a' ? [String(n.properties?.href ?? '')] : []), ...hrefsIn(n.children ?? [])] : [],
  );

describe('public content kinds (issue #28 §1, §5)', () => {
  it('every public kind has its declaration in the registry, and every public declaration has its row', () => {
    for (const name of PUBLIC_KIND_NAMES) expect(declarationOf(name).name).toBe(name);
    for (const kind of CONTENT_KINDS.filter(isPublicDeclaration)) expect(PUBLIC_KIND_NAMES).toContain(kind.name);
    expect(() => publicDeclarations(CONTENT_KINDS)).not.toThrow();
  });

  it('every kind declared in the server’s *-kinds.ts files is in the registry', async () => {
    const files = globSync('**/*-kind{,s}.ts', { cwd: SERVER_SRC }).filter((f) => !f.startsWith('content/'));
    expect(files.length).toBeGreaterThanOrEqual(8);
    const declared: { file: string; kind: AnyContentKind }[] = [];
    for (const file of files) {
      const module = (await import(`${SERVER_SRC}${file}`)) as Record<string, unknown>;
      for (const value of Object.values(module))
        if (value && typeof value === 'object' && 'name' in value && 'read' in value && typeof value.read === 'function')
          declared.push({ file, kind: value as AnyContentKind });
    }
    for (const name of PUBLIC_KIND_NAMES) expect(declared.map((d) => d.kind.name)).toContain(name);
    for (const { file, kind } of declared)
      expect(CONTENT_KINDS.includes(kind), `${kind.name} (${file}) is missing from CONTENT_KINDS in content/registry.ts`).toBe(true);
  });

  it('each kind’s name is a link protocol, its label Chinese and its detail path an app path', () => {
    for (const name of PUBLIC_KIND_NAMES) {
      expect(name).toMatch(/^[a-z]+$/);
      expect(PUBLIC_KINDS[name].label).toMatch(/^\p{Script=Han}+$/u);
      expect(PUBLIC_KINDS[name].detailPath).toMatch(/^\/[a-z_]+(\/|\?[a-z]+=)$/);
    }
  });

  it('every searchable kind has a search function, indexes its loaded content and finds an item, leading to its detail page', () => {
    const search = searchService(store);
    for (const name of SEARCH_KINDS) {
      const kind = declarationOf(name);
      expect(kind.search, `${name} is searchable but its declaration has no search`).toBeTypeOf('function');
      const docs = all.get(name)!.map((it) => ({ id: it.id, doc: kind.search!(it.data) }));
      for (const { id, doc } of docs) {
        expect(doc.id).toBe(id);
        expect(doc.title.length).toBeGreaterThan(0);
      }
      const { id, doc } = docs[0]!;
      const answer = search.search({ type: name, q: doc.title, page: 1, size: 50 });
      expect(
        answer.groups[0]?.items.find((r) => r.id === id),
        `searching ${name} for ${doc.title}`,
      ).toMatchObject({
        kind: name,
        href: publicKindHref(name, id),
      });
    }
    // A declaration with search whose row is not searchable would never be searched.
    for (const kind of CONTENT_KINDS) if (kind.search) expect(SEARCH_KINDS).toContain(kind.name);
  });

  it('every savable kind resolves an item’s title, and the canonical id', () => {
    const saved = savedContent(store);
    for (const name of SAVED_KINDS) {
      const { id, data } = firstItem(name);
      const title = declarationOf(name).public.title(data);
      expect(title.length).toBeGreaterThan(0);
      expect(saved.resolve(name, id)).toEqual({ kind: name, id, title });
      expect(saved.refresh({ kind: name, id, title: '旧标题', at: 1 }).title).toBe(title);
      expect(saved.resolve(name, 'no-such-item-0')).toBeUndefined();
    }
    expect(saved.resolve('acupoint', 'sj5')).toMatchObject({ id: 'TE5' });
  });

  it('every public kind’s title is non-empty for all its items', () => {
    for (const name of PUBLIC_KIND_NAMES) {
      const kind = declarationOf(name);
      for (const it of all.get(name)!) expect(kind.public.title(it.data), `${name} ${it.id}`).not.toBe('');
    }
  });

  it('every kind’s internal links survive the sanitiser and lead to its detail page', () => {
    for (const name of PUBLIC_KIND_NAMES) {
      const { id } = firstItem(name);
      const tree = renderMarkdown(`见[这里](${name}:${id})。`);
      expect(hrefsIn(tree.children), `${name}:${id}`).toEqual([publicKindHref(name, id)]);
      expect(publicKindHref(name, id).startsWith(PUBLIC_KINDS[name].detailPath)).toBe(true);
    }
  });

  it('a registry without a public kind’s declaration, or with a searchable one lacking search, refuses to start search and favourites', () => {
    const without = CONTENT_KINDS.filter((k) => k.name !== 'video');
    expect(() => searchService(store, without)).toThrow(/public kind video has no declaration/);
    expect(() => savedContent(store, undefined, without)).toThrow(/public kind video has no declaration/);
    const noSearch = CONTENT_KINDS.map((k) => (k.name === 'notice' ? { ...k, search: undefined } : k));
    expect(() => searchService(store, noSearch)).toThrow(/notice: its declaration has no search/);
  });
});
