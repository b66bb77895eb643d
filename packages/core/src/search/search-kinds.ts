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

/**
 * Terms an empty search screen offers to tap, so a first visit need not type (an older user taps
 * more easily than they spell pinyin). Each finds its kind in the content, which
 * apps/server/src/routes/search-routes.test.ts holds; the brand's own kinds (产品问答, 产品, 视频)
 * have none, as operators rename their items.
 */
export const SEARCH_EXAMPLES: Partial<Record<SearchType, readonly string[]>> = {
  all: ['失眠', '足三里', '颈椎', '怕冷', '晕灸'],
  acupoint: ['足三里', 'zsl', 'ST36'],
  disease: ['失眠', 'shimian', '颈椎'],
  notice: ['晕灸', '水疱', '洗澡'],
  glossary: ['同身寸', '阴虚', '温和灸'],
};
