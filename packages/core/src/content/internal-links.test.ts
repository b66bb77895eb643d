import { describe, expect, it } from 'vitest';
import { findInternalLinks, internalHref, parseInternalLink } from './internal-links.ts';

describe('internal links (issue #14 §2)', () => {
  it('parses known kinds and refuses the rest', () => {
    expect(parseInternalLink('acupoint:ST36')).toEqual({ kind: 'acupoint', id: 'ST36' });
    expect(parseInternalLink('disease:neck-pain')).toEqual({ kind: 'disease', id: 'neck-pain' });
    expect(parseInternalLink('javascript:alert(1)')).toBeNull();
    expect(parseInternalLink('https://example.com')).toBeNull();
    expect(parseInternalLink('acupoint:ST36/../x')).toBeNull();
  });
  it('maps to app paths', () => {
    expect(internalHref({ kind: 'acupoint', id: 'EX-B2' })).toBe('/acupoint_detail/EX-B2');
    expect(internalHref({ kind: 'notice', id: 'fainting' })).toBe('/notice_detail/fainting');
  });
  it('finds every inline internal link', () => {
    const md = '灸[足三里](acupoint:ST36)和[关元](acupoint:CV4)，见[晕灸](notice:fainting)，[外链](https://a.b/c)。';
    expect(findInternalLinks(md)).toEqual([
      { kind: 'acupoint', id: 'ST36' },
      { kind: 'acupoint', id: 'CV4' },
      { kind: 'notice', id: 'fainting' },
    ]);
  });
});
