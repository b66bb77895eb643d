import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GlossaryAnswerSchema, type GlossaryTerm } from '@moxa/core/glossary/glossary-contract';
import { GLOSSARY_CATEGORIES } from '@moxa/core/glossary/glossary-categories';
import { SearchAnswerSchema } from '@moxa/core/search/search-contract';
import { ContentError, type ContentItem } from '../content/content-kind.ts';
import { glossaryKind } from '../glossary/glossary-kinds.ts';
import { CONTENT_DIR, createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';

/** Issue #26 "Plain words for jargon": the glossary's list route, its search, on both databases. */
describe.each(DIALECTS)('glossary API on %s (issue #26)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());
  const file = JSON.parse(readFileSync(join(CONTENT_DIR, 'glossary/terms.json'), 'utf8')) as GlossaryTerm[];

  it('answers every term of content/glossary/terms.json, in its order, with category and explanation', async () => {
    const res = await t.app.inject({ url: '/api/v8/glossary' });
    expect(res.statusCode).toBe(200);
    const terms = GlossaryAnswerSchema.parse(res.json().data);
    expect(terms.map((x) => x.id)).toEqual(file.map((x) => x.id));
    for (const x of terms) {
      expect(GLOSSARY_CATEGORIES).toContain(x.category);
      expect(x.explanation.length).toBeGreaterThanOrEqual(10);
    }
  });

  it('serves the list cacheably, and 304 on a matching ETag', async () => {
    const first = await t.app.inject({ url: '/api/v8/glossary' });
    expect(first.headers['cache-control']).toContain('public');
    const again = await t.app.inject({ url: '/api/v8/glossary', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('finds a term by name, alias and pinyin initials in the 术语 group, leading to its place in the list', async () => {
    const target = file.find((x) => x.term === '同身寸' || x.aliases.includes('同身寸'))!;
    expect(target, 'a term named 同身寸').toBeDefined();
    for (const q of ['同身寸', target.term]) {
      const res = await t.app.inject({ url: `/api/v8/search?q=${encodeURIComponent(q)}` });
      const answer = SearchAnswerSchema.parse(res.json().data);
      const group = answer.groups.find((g) => g.kind === 'glossary');
      expect(group?.name, q).toBe('术语');
      expect(
        group!.items.map((i) => i.id),
        q,
      ).toContain(target.id);
      expect(group!.items.find((i) => i.id === target.id)).toMatchObject({
        title: target.term,
        summary: target.explanation,
        href: `/glossary?term=${target.id}`,
      });
    }
    const res = await t.app.inject({ url: `/api/v8/search?type=glossary&q=tsc` });
    expect(SearchAnswerSchema.parse(res.json().data).groups[0]!.items.map((i) => i.id)).toContain(target.id);
  });
});

describe('glossary content checks (issue #26)', () => {
  const item = (data: GlossaryTerm, position: number): ContentItem<GlossaryTerm> => ({
    id: data.id,
    position,
    file: 'glossary/terms.json',
    data,
  });
  const term = (id: string, name: string, aliases: string[] = []): GlossaryTerm => ({
    id,
    term: name,
    aliases,
    category: '取穴',
    explanation: '找穴位时用的长度单位，按自己身体量。',
  });
  const check = (items: ContentItem<GlossaryTerm>[]) => () => glossaryKind.check!(items, new Map());

  it('accepts distinct names', () => {
    expect(check([item(term('cun', '寸', ['同身寸']), 0), item(term('zhuang', '壮'), 1)])).not.toThrow();
  });

  it('refuses a name used by two terms, a term repeated as its own alias, and a repeated id', () => {
    expect(check([item(term('cun', '寸'), 0), item(term('tongshencun', '同身寸', ['寸']), 1)])).toThrow(ContentError);
    expect(check([item(term('cun', '寸'), 0), item(term('tongshencun', '寸'), 1)])).toThrow(/already a name of cun/);
    expect(check([item(term('cun', '寸', ['寸']), 0)])).toThrow(/the same term/);
    expect(check([item(term('cun', '寸'), 0), item(term('cun', '分'), 1)])).toThrow(/id cun is used twice/);
  });
});
