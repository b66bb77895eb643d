/**
 * The kinds search covers (issue #14 §4) and their Chinese names — plain constants, free of zod, so
 * the web's search screen can use them without shipping the schema library.
 */
export const SEARCH_KINDS = ['acupoint', 'disease', 'notice', 'problem', 'product', 'video', 'glossary'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
export const SEARCH_TYPES = ['all', ...SEARCH_KINDS] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const isSearchType = (s: string): s is SearchType => (SEARCH_TYPES as readonly string[]).includes(s);

/** How each kind is named in the results and on /search/{type}. */
export const SEARCH_KIND_NAMES: Record<SearchKind, string> = {
  acupoint: '穴位',
  disease: '艾灸方法',
  notice: '灸前须知',
  problem: '产品问答',
  product: '产品',
  video: '视频',
  glossary: '术语',
};
