import { describe, expect, it } from 'vitest';
import { SAVED_KIND_LABELS, SAVED_KINDS, savedItemPath } from '../mine/saved-kinds.ts';
import { SEARCH_KIND_NAMES, SEARCH_KINDS, SEARCH_TYPES } from '../search/search-kinds.ts';
import { internalHref, parseInternalLink } from './internal-links.ts';
import { PUBLIC_KIND_NAMES, PUBLIC_KINDS, publicKindHref } from './public-kinds.ts';

/**
 * The lists derived from the public kinds' table (issue #28 §1) keep the kinds, names and order they
 * had when each was written by hand: search groups and tabs, favourites' filters and the export's
 * kind names must not change. New kinds come after these.
 */
describe('public kinds table (issue #28 §1)', () => {
  it('derives the search kinds, in their order, with their names', () => {
    expect(SEARCH_KINDS.slice(0, 7)).toEqual(['acupoint', 'disease', 'notice', 'problem', 'product', 'video', 'glossary']);
    expect(SEARCH_TYPES.slice(0, 2)).toEqual(['all', 'acupoint']);
    expect(SEARCH_KIND_NAMES).toMatchObject({
      acupoint: '穴位',
      disease: '艾灸方法',
      notice: '灸前须知',
      problem: '产品问答',
      product: '产品',
      video: '视频',
      glossary: '术语',
    });
    expect(Object.keys(SEARCH_KIND_NAMES)).toEqual([...SEARCH_KINDS]);
  });

  it('derives the kinds favourites and history keep, with their names and detail paths', () => {
    expect(SAVED_KINDS.slice(0, 6)).toEqual(['acupoint', 'disease', 'notice', 'problem', 'product', 'video']);
    expect(SAVED_KINDS).not.toContain('glossary');
    expect(SAVED_KIND_LABELS).toMatchObject({ acupoint: '穴位', disease: '艾灸方法', video: '视频' });
    expect(savedItemPath('acupoint', 'EX-HN3')).toBe('/acupoint_detail/EX-HN3');
    expect(savedItemPath('problem', 'a b')).toBe('/problem_detail/a%20b');
  });

  it('links every public kind, and only those, to its detail page', () => {
    expect(PUBLIC_KIND_NAMES.slice(0, 8)).toEqual(['acupoint', 'meridian', 'disease', 'notice', 'problem', 'product', 'video', 'glossary']);
    for (const kind of PUBLIC_KIND_NAMES) {
      expect(parseInternalLink(`${kind}:x1`)).toEqual({ kind, id: 'x1' });
      expect(internalHref({ kind, id: 'x1' })).toBe(`${PUBLIC_KINDS[kind].detailPath}x1`);
    }
    expect(publicKindHref('meridian', 'LU')).toBe('/meridian_detail/LU');
    expect(publicKindHref('glossary', 'tongshencun')).toBe('/glossary?term=tongshencun');
    expect(parseInternalLink('toString:x')).toBeNull();
    expect(parseInternalLink('constitution:types')).toBeNull();
  });
});
