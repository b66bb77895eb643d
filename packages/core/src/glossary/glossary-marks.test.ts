import { describe, expect, it } from 'vitest';
import type { RichText } from '../content/rich-text.ts';
import { findTerms, firstMarks, glossaryMatcher, splitAtMarks } from './glossary-marks.ts';
import { markRichText, richTextNodes, richTextTexts } from './rich-text-marks.ts';

const matcher = glossaryMatcher([
  { id: 'cun', term: '寸', aliases: [] },
  { id: 'tongshencun', term: '同身寸', aliases: ['手指同身寸'] },
  { id: 'zhuang', term: '壮', aliases: [] },
  { id: 'yinxu', term: '阴虚', aliases: ['阴虚体质'] },
  { id: 'shirezheng', term: '实热证', aliases: ['实热'] },
  { id: 'yaoxue', term: '要穴', aliases: [] },
  { id: 'hexue', term: '合穴', aliases: [] },
]);
const words = (text: string) => findTerms(text, matcher).map((m) => text.slice(m.start, m.end));

describe('glossary term matching (issue #26)', () => {
  it('finds terms and aliases, leftmost-longest', () => {
    expect(words('按同身寸取穴，犊鼻下3寸')).toEqual(['同身寸', '寸']);
    expect(findTerms('按同身寸取穴', matcher)).toEqual([{ start: 1, end: 4, id: 'tongshencun' }]);
    // The longest name wins where names overlap; the shorter one inside it is not searched again.
    expect(words('用手指同身寸量')).toEqual(['手指同身寸']);
    expect(words('阴虚体质的人')).toEqual(['阴虚体质']);
    expect(words('实热证期间')).toEqual(['实热证']);
    expect(words('实热时')).toEqual(['实热']);
  });

  it('marks a one-character measure word only after a number', () => {
    expect(words('下3寸，灸5～7壮，约1.5寸，三壮')).toEqual(['寸', '壮', '寸', '壮']);
    expect(words('强壮保健，寸口脉')).toEqual([]);
  });

  it('leaves a 穴 that belongs to 穴位 alone', () => {
    expect(words('对准主要穴位，保健要穴；胃经合穴')).toEqual(['要穴', '合穴']);
  });

  it('marks each term once per page: its first occurrence in document order, under any of its names', () => {
    const texts = ['犊鼻下3寸，再下1寸', '用同身寸量，阴虚者', '阴虚体质', '同身寸'];
    const marks = firstMarks(texts, matcher);
    expect(marks.map((ms, i) => ms.map((m) => texts[i]!.slice(m.start, m.end)))).toEqual([['寸'], ['同身寸', '阴虚'], [], []]);
    // The same texts always give the same marks (StrictMode's double render, prerender and browser agree).
    expect(firstMarks(texts, matcher)).toEqual(marks);
  });

  it('does not mark a term that is the whole text of its block, and looks for it further on', () => {
    expect(firstMarks([' 同身寸 ', '用同身寸量'], matcher).map((ms) => ms.map((m) => m.id))).toEqual([[], ['tongshencun']]);
    expect(firstMarks(['同身寸'], matcher, new Set(), ['同身寸：按自己的手指量'])).toEqual([[{ start: 0, end: 3, id: 'tongshencun' }]]);
  });

  it('does not mark the shorter term inside a longer one already marked', () => {
    const marks = firstMarks(['按同身寸', '按同身寸'], matcher);
    expect(marks).toEqual([[{ start: 1, end: 4, id: 'tongshencun' }], []]);
  });

  it('cuts a text at its marks', () => {
    const text = '犊鼻下3寸处';
    expect(splitAtMarks(text, findTerms(text, matcher))).toEqual(['犊鼻下3', { text: '寸', id: 'cun' }, '处']);
    expect(splitAtMarks('无', [])).toEqual(['无']);
  });
});

describe('glossary marks in rich text (issue #26)', () => {
  const tree: RichText = {
    type: 'root',
    children: [
      { type: 'element', tagName: 'h2', children: [{ type: 'text', value: '阴虚的人' }] },
      {
        type: 'element',
        tagName: 'p',
        children: [
          { type: 'element', tagName: 'a', properties: { href: '/glossary?term=yinxu' }, children: [{ type: 'text', value: '阴虚' }] },
          { type: 'text', value: '者少灸，实热证不灸；阴虚者' },
        ],
      },
    ],
  };

  it('reads the running text only: no headings, no link text', () => {
    expect(richTextTexts(tree)).toEqual(['者少灸，实热证不灸；阴虚者']);
  });

  it('wraps the first occurrences outside links and headings', () => {
    const marked = markRichText(tree, firstMarks(richTextTexts(tree), matcher));
    expect(marked.children[0]).toBe(tree.children[0]);
    expect(marked.children[1]).toEqual({
      type: 'element',
      tagName: 'p',
      children: [
        tree.children[1]!.type === 'element' ? tree.children[1]!.children[0] : null,
        { type: 'text', value: '者少灸，' },
        { type: 'element', tagName: 'span', properties: { dataGloss: 'shirezheng' }, children: [{ type: 'text', value: '实热证' }] },
        { type: 'element', tagName: 'span', properties: {}, children: [{ type: 'text', value: '不灸；' }] },
        { type: 'element', tagName: 'span', properties: { dataGloss: 'yinxu' }, children: [{ type: 'text', value: '阴虚' }] },
        { type: 'element', tagName: 'span', properties: {}, children: [{ type: 'text', value: '者' }] },
      ],
    });
  });

  it('does not mark a term that is a whole table cell, but the same term in a sentence', () => {
    const table: RichText = {
      type: 'root',
      children: [
        {
          type: 'element',
          tagName: 'td',
          children: [{ type: 'element', tagName: 'strong', children: [{ type: 'text', value: '同身寸' }] }],
        },
        { type: 'element', tagName: 'p', children: [{ type: 'text', value: '按同身寸量' }] },
      ],
    };
    const { texts, blocks } = richTextNodes(table);
    expect(blocks).toEqual(['同身寸', '按同身寸量']);
    expect(firstMarks(texts, matcher, new Set(), blocks)).toEqual([[], [{ start: 1, end: 4, id: 'tongshencun' }]]);
  });

  it('returns the tree itself when nothing is marked', () => {
    expect(markRichText(tree, [[]])).toBe(tree);
  });
});
