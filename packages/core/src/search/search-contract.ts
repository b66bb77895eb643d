import { z } from 'zod';
import { SEARCH_KINDS, SEARCH_TYPES } from './search-kinds.ts';

/**
 * Search across content kinds (issue #14 §4, issue #15 /search/{type}): one query, results grouped
 * by kind, each with where it leads and the character ranges of its title to highlight.
 */
export { SEARCH_KIND_NAMES, SEARCH_KINDS, type SearchKind, type SearchType } from './search-kinds.ts';
export const SearchKindSchema = z.enum(SEARCH_KINDS);
export const SearchTypeSchema = z.enum(SEARCH_TYPES, { error: '搜索类型不正确' });

export const SearchQuerySchema = z.object({
  type: SearchTypeSchema.default('all'),
  q: z.string().trim().min(1, { error: '请输入搜索内容' }).max(40, { error: '搜索内容不能超过40个字' }),
  page: z.coerce
    .number({ error: '页码不正确' })
    .int({ error: '页码不正确' })
    .min(1, { error: '页码不正确' })
    .max(100, { error: '页码不正确' })
    .default(1),
  size: z.coerce
    .number({ error: '每页条数不正确' })
    .int({ error: '每页条数不正确' })
    .min(1, { error: '每页条数不正确' })
    .max(50, { error: '每页条数不正确' })
    .default(20),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

const Range = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]);
export const SearchResultSchema = z.object({
  kind: SearchKindSchema,
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  /** The app path of the item's detail page. */
  href: z.string().startsWith('/'),
  titleRanges: z.array(Range),
  /** When the match came from an alias, symptom or indication: that word and the range in it. */
  matched: z.object({ text: z.string(), range: Range }).nullable(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchGroupSchema = z.object({
  kind: SearchKindSchema,
  name: z.string(),
  total: z.number().int().nonnegative(),
  items: z.array(SearchResultSchema),
});
export type SearchGroup = z.infer<typeof SearchGroupSchema>;

/** type=all: every kind with its first results; one kind: that kind's page of results. */
export const SearchAnswerSchema = z.object({
  q: z.string(),
  type: SearchTypeSchema,
  page: z.number().int(),
  size: z.number().int(),
  groups: z.array(SearchGroupSchema),
});
export type SearchAnswer = z.infer<typeof SearchAnswerSchema>;

/** How many results each kind shows under type=all. */
export const SEARCH_ALL_PER_KIND = 5;
