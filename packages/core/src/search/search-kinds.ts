import { kindLabels, kindsWith } from '../content/public-kinds.ts';

/**
 * The kinds search covers (issue #14 §4) and their Chinese names, derived from the public kinds'
 * table (issue #28 §1) — plain constants, free of zod, so the web's search screen can use them
 * without shipping the schema library.
 */
export const SEARCH_KINDS = kindsWith('searchable');
export type SearchKind = (typeof SEARCH_KINDS)[number];
export const SEARCH_TYPES = ['all', ...SEARCH_KINDS] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const isSearchType = (s: string): s is SearchType => (SEARCH_TYPES as readonly string[]).includes(s);
export const isSearchKind = (s: string): s is SearchKind => (SEARCH_KINDS as readonly string[]).includes(s);

/** How each kind is named in the results and on /search/{type}. */
export const SEARCH_KIND_NAMES: Record<SearchKind, string> = kindLabels(SEARCH_KINDS);
