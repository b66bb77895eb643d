import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAllKinds } from '../apps/server/src/content/load-content.ts';
import type { ContentStore } from '../apps/server/src/content/content-store.ts';
import { searchService } from '../apps/server/src/search/search-service.ts';

/**
 * Everyday words find the condition (issue #26 "The words people use"): a held-out list of what people
 * type (content/search/everyday-queries.json, written apart from the names in
 * diseases/everyday-names.json) must bring the right condition into the first three results for at
 * least 9 queries in 10, both in the search of everything and in the condition search box.
 */
const DIR = process.env.TEST_CONTENT_DIR ?? new URL('.', import.meta.url).pathname;
const all = readAllKinds(DIR);
const store = {
  list: (kind) => (all.get(kind.name) ?? []).map((it) => it.data),
  get: (kind, id) => all.get(kind.name)?.find((it) => it.id === id)?.data,
} as ContentStore;
const search = searchService(store);
const queries = JSON.parse(readFileSync(join(DIR, 'search/everyday-queries.json'), 'utf8')) as { query: string; expect: string }[];

function firstThree(type: 'all' | 'disease', q: string) {
  return search
    .search({ type, q, page: 1, size: 20 })
    .groups.flatMap((g) => g.items)
    .slice(0, 3)
    .map((r) => `${r.kind}:${r.id}`);
}

describe('everyday words find the condition (issue #26)', () => {
  it.each(['all', 'disease'] as const)('type=%s: the right condition in the first three for ≥ 90 %% of held-out queries', (type) => {
    expect(queries.length).toBeGreaterThanOrEqual(100);
    const misses = queries.filter(({ query, expect: id }) => !firstThree(type, query).includes(`disease:${id}`));
    const rate = 1 - misses.length / queries.length;
    expect(
      rate,
      `missed: ${misses.map((m) => `${m.query}→${m.expect} [${firstThree(type, m.query).join(' ')}]`).join('; ')}`,
    ).toBeGreaterThanOrEqual(0.9);
  });

  it.each([
    ['颈椎', 'neck-pain'],
    ['颈椎病', 'neck-pain'],
    ['脖子疼', 'neck-pain'],
    ['jingzhui', 'neck-pain'],
    ['晚上睡不着怎么办', 'insomnia'],
  ])('%s finds %s first among conditions, ahead of points', (q, id) => {
    expect(firstThree('all', q)[0]).toBe(`disease:${id}`);
  });
});
