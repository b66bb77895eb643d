import { describe, expect, it } from 'vitest';
import type { SearchAnswer } from '@moxa/core/search/search-contract';
import {
  addPick,
  advisesDoctor,
  buildReplyBody,
  MAX_PICKS,
  MAX_REPLY,
  NO_PICKS,
  pickCount,
  picksAfterSent,
  redFlagTermsIn,
  removePick,
  replyError,
  searchPicks,
  type Picks,
} from './reply.ts';

const zusanli = { id: 'ST36', title: '足三里' };
const xiyan = { id: 'EX-LE5', title: '膝眼' };
const picked: Picks = {
  acupoint: [zusanli, xiyan],
  disease: [{ id: 'knee-pain', title: '膝关节疼痛' }],
  product: [{ id: 'portable-moxa-box', title: '随身灸盒' }],
};

describe('picking recommendations', () => {
  it('adds, keeps order, and ignores a second pick of the same item', () => {
    const one = addPick(NO_PICKS, 'acupoint', zusanli);
    const two = addPick(one, 'acupoint', xiyan);
    expect(two.acupoint).toEqual([zusanli, xiyan]);
    expect(addPick(two, 'acupoint', { ...zusanli })).toBe(two);
    expect(NO_PICKS.acupoint).toEqual([]);
  });
  it('stops at the server limit of 10 per kind', () => {
    let p: Picks = NO_PICKS;
    for (let i = 0; i < MAX_PICKS + 3; i++) p = addPick(p, 'product', { id: `p${i}`, title: `产品${i}` });
    expect(p.product).toHaveLength(MAX_PICKS);
    expect(p.acupoint).toHaveLength(0);
  });
  it('removes by id', () => {
    expect(removePick(picked, 'acupoint', 'ST36').acupoint).toEqual([xiyan]);
    expect(removePick(picked, 'acupoint', 'nope')).toBe(picked);
    expect(pickCount(picked)).toBe(4);
  });
});

describe('replyError', () => {
  it('asks for text, and counts the trimmed length', () => {
    expect(replyError('')).toBe('请输入回复内容');
    expect(replyError('  \n ')).toBe('请输入回复内容');
    expect(replyError(' 好 ')).toBeNull();
    expect(replyError(`  ${'灸'.repeat(MAX_REPLY)}  `)).toBeNull();
    expect(replyError('灸'.repeat(MAX_REPLY + 1))).toBe('回复内容最多 2000 字，现在 2001 字');
  });
});

describe('buildReplyBody', () => {
  it('sends the trimmed text and the picks as codes and ids', () => {
    expect(buildReplyBody('  建议每天温和灸膝眼和足三里 \n', false, picked)).toEqual({
      body: '建议每天温和灸膝眼和足三里',
      internal: false,
      recommendation: { acupoints: ['ST36', 'EX-LE5'], diseases: ['knee-pain'], products: ['portable-moxa-box'] },
    });
  });
  it('sends empty lists when nothing is picked', () => {
    expect(buildReplyBody('好的', false, NO_PICKS)).toEqual({
      body: '好的',
      internal: false,
      recommendation: { acupoints: [], diseases: [], products: [] },
    });
  });
  it('sends no recommendation with an internal note', () => {
    expect(buildReplyBody('先看看是否受凉', true, picked)).toEqual({ body: '先看看是否受凉', internal: true });
  });
  it('clears the picks only when they went out', () => {
    expect(picksAfterSent(picked, false)).toBe(NO_PICKS);
    expect(picksAfterSent(picked, true)).toBe(picked);
  });
});

describe('searchPicks', () => {
  it('takes the first group’s items as id and title', () => {
    const answer: SearchAnswer = {
      q: '足三',
      type: 'acupoint',
      page: 1,
      size: 8,
      groups: [
        {
          kind: 'acupoint',
          name: '穴位',
          total: 1,
          items: [
            {
              kind: 'acupoint',
              id: 'ST36',
              title: '足三里',
              summary: '胃经',
              href: '/acupoint_detail/ST36',
              titleRanges: [[0, 2]],
              matched: null,
            },
          ],
        },
      ],
    };
    expect(searchPicks(answer)).toEqual([zusanli]);
    expect(searchPicks({ ...answer, groups: [] })).toEqual([]);
    expect(searchPicks(undefined)).toEqual([]);
  });
});

describe('redFlagTermsIn', () => {
  it('lists the red-flag terms a request mentions', () => {
    expect(redFlagTermsIn('最近胸闷，还有黑便')).toEqual(['胸闷', '黑便']);
    expect(redFlagTermsIn('膝盖怕冷')).toEqual([]);
  });
});

describe('advisesDoctor', () => {
  it('sees advice to see a doctor', () => {
    expect(advisesDoctor('请尽快去医院检查')).toBe(true);
    expect(advisesDoctor('建议及时就医')).toBe(true);
    expect(advisesDoctor('胸痛加重请立即拨打120')).toBe(true);
    expect(advisesDoctor('每天温和灸足三里')).toBe(false);
  });
});
