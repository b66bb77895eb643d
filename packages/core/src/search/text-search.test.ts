import { describe, expect, it } from 'vitest';
import { buildSearchIndex, normalizePinyin, searchIndex, type SearchDoc } from './text-search.ts';

const docs: SearchDoc[] = [
  { id: 'ST36', name: '足三里', pinyin: 'zú sān lǐ', codes: ['ST36'], keywords: ['胃痛', '腹胀'], boost: 5 },
  { id: 'ST3', name: '巨髎', pinyin: 'jù liáo', codes: ['ST3'], keywords: ['口眼歪斜'] },
  { id: 'LI10', name: '手三里', pinyin: 'shǒu sān lǐ', codes: ['LI10'], keywords: ['手臂无力'] },
  { id: 'TE5', name: '外关', pinyin: 'wài guān', codes: ['TE5', 'SJ5'], keywords: ['头痛', '耳鸣'] },
  { id: 'HT7', name: '神门', pinyin: 'shén mén', codes: ['HT7'], keywords: ['失眠', '心悸'] },
  { id: 'EX-HN1', name: '四神聪', pinyin: 'sì shén cōng', codes: ['EX-HN1'], keywords: ['失眠', '头痛'] },
  { id: 'KI1', name: '涌泉', pinyin: 'yǒng quán', codes: ['KI1'], keywords: ['失眠多梦'] },
  { id: 'SP6', name: '三阴交', pinyin: 'sān yīn jiāo', codes: ['SP6'], keywords: ['月经不调', '失眠'] },
  { id: 'LR2', name: '行间', pinyin: 'xíng jiān', codes: ['LR2'], keywords: ['目赤肿痛'] },
  { id: 'BL40', name: '委中', pinyin: 'wěi zhōng', codes: ['BL40'], keywords: ['腰痛'] },
];
const index = buildSearchIndex(docs);
const ids = (q: string) => searchIndex(index, q).map((h) => h.doc.id);

describe('acupoint search ranking', () => {
  it('finds by exact Chinese name first, then names containing it', () => {
    expect(ids('三里')).toEqual(['ST36', 'LI10']);
    expect(ids('足三里')[0]).toBe('ST36');
    expect(ids('三')[0]).toBe('SP6');
  });

  it('finds by initials (zsl → 足三里)', () => {
    expect(ids('zsl')).toEqual(['ST36']);
    expect(ids('ZSL')).toEqual(['ST36']);
  });

  it('finds by full pinyin with or without tones and spaces', () => {
    expect(ids('zusanli')).toEqual(['ST36']);
    expect(ids('zú sān lǐ')).toEqual(['ST36']);
    expect(ids('zu san li')).toEqual(['ST36']);
    expect(ids('zusan')[0]).toBe('ST36');
  });

  it('finds by code and by Chinese alias codes', () => {
    expect(ids('ST36')).toEqual(['ST36']);
    expect(ids('st36')).toEqual(['ST36']);
    expect(ids('SJ5')).toEqual(['TE5']);
    expect(ids('TE5')).toEqual(['TE5']);
    expect(ids('ex-hn1')).toEqual(['EX-HN1']);
    expect(ids('ST3')[0]).toBe('ST3');
    expect(ids('ST3')).toContain('ST36');
  });

  it('finds by indication, after names', () => {
    const hits = ids('失眠');
    expect(hits).toEqual(expect.arrayContaining(['HT7', 'EX-HN1', 'SP6', 'KI1']));
    expect(hits.indexOf('KI1')).toBeGreaterThan(hits.indexOf('HT7'));
    expect(ids('神')).toEqual(['HT7', 'EX-HN1']);
  });

  it('ranks a syllable-inner match below a prefix match', () => {
    expect(ids('sanli')).toEqual(['ST36', 'LI10']);
    expect(ids('san')[0]).toBe('SP6');
  });

  it('reports ranges to highlight in the name', () => {
    const [hit] = searchIndex(index, 'zsl');
    expect(hit?.nameRanges).toEqual([[0, 3]]);
    const [inner] = searchIndex(index, '三里').filter((h) => h.doc.id === 'ST36');
    expect(inner?.nameRanges).toEqual([[1, 3]]);
    const [kw] = searchIndex(index, '月经');
    expect(kw?.keyword).toEqual({ text: '月经不调', range: [0, 2] });
  });

  it('returns nothing for blank or unmatched queries', () => {
    expect(ids('   ')).toEqual([]);
    expect(ids('qqqqq')).toEqual([]);
    expect(ids('<script>')).toEqual([]);
  });

  it('normalizes ü and tone marks', () => {
    expect(normalizePinyin('lǚ Nǘ')).toBe('lvnv');
  });
});

describe('everyday words (issue #26)', () => {
  const conditions = buildSearchIndex([
    {
      id: 'neck-pain',
      name: '颈项酸痛',
      pinyin: 'jǐng xiàng suān tòng',
      codes: [],
      keywords: ['脖子发僵'],
      aliases: [
        { name: '颈椎病', pinyin: 'jǐng zhuī bìng' },
        { name: '脖子疼', pinyin: 'bó zi téng' },
      ],
    },
    { id: 'insomnia', name: '失眠', pinyin: 'shī mián', codes: [], keywords: [], aliases: [{ name: '睡不着', pinyin: 'shuì bù zháo' }] },
    {
      id: 'lumbar',
      name: '腰肌劳损',
      pinyin: 'yāo jī láo sǔn',
      codes: [],
      keywords: ['腰痛'],
      aliases: [{ name: '腰疼', pinyin: 'yāo téng' }],
    },
  ]);
  const top = (q: string) => searchIndex(conditions, q)[0]?.doc.id;
  it('matches an everyday name exactly, by prefix, by full pinyin, pinyin prefix and initials', () => {
    expect(top('颈椎病')).toBe('neck-pain');
    expect(top('颈椎')).toBe('neck-pain');
    expect(top('jingzhuibing')).toBe('neck-pain');
    expect(top('jingzhui')).toBe('neck-pain');
    expect(top('jzb')).toBe('neck-pain');
  });
  it('finds a known name inside a longer phrase, the longest name first', () => {
    expect(top('晚上睡不着怎么办')).toBe('insomnia');
    expect(top('艾灸治颈椎病')).toBe('neck-pain');
    expect(searchIndex(conditions, '晚上睡不着怎么办')[0]?.keyword?.text).toBe('睡不着');
    expect(top('这是什么')).toBeUndefined();
  });
  it('ranks a condition named by the word above an entry that only lists it among keywords', () => {
    const mixed = buildSearchIndex([
      ...docs,
      {
        id: 'lumbar',
        name: '腰肌劳损',
        pinyin: 'yāo jī láo sǔn',
        codes: [],
        keywords: [],
        aliases: [{ name: '腰痛', pinyin: 'yāo tòng' }],
      },
    ]);
    expect(searchIndex(mixed, '腰痛')[0]?.doc.id).toBe('lumbar');
  });
});
