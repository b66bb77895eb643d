import { describe, expect, it } from 'vitest';
import type { AcupointSummary } from '@moxa/core/acupoints/acupoint-contract';
import { buildAcupointIndex, searchAcupoints, toSearchDocs } from './search-docs.ts';

const p = (code: string, name: string, pinyin: string, indications: string[], common = false): AcupointSummary => ({
  id: code,
  code,
  name,
  pinyin,
  meridian: code.replace(/[-0-9].*$/, ''),
  region: 'lower_limb',
  moxaLevel: 'suitable',
  common,
  indications,
});

const points = [
  p('ST36', '足三里', 'zú sān lǐ', ['胃痛', '腹胀', '失眠'], true),
  p('LI10', '手三里', 'shǒu sān lǐ', ['手臂无力']),
  p('TE5', '外关', 'wài guān', ['感冒', '头痛']),
  p('HT7', '神门', 'shén mén', ['失眠', '心悸']),
  p('GV20', '百会', 'bǎi huì', ['头痛', '失眠多梦'], true),
  p('CV4', '关元', 'guān yuán', ['遗尿', '痛经'], true),
  p('EX-HN1', '四神聪', 'sì shén cōng', ['头痛', '失眠']),
];
const index = buildAcupointIndex(points);
const codes = (q: string) => searchAcupoints(index, q).map((h) => h.doc.point.code);

describe('acupoint search docs (as the server builds them)', () => {
  it('adds SJ/DU/RN alias codes and boosts common points', () => {
    const docs = toSearchDocs(points);
    expect(docs.find((d) => d.id === 'TE5')?.codes).toEqual(['TE5', 'SJ5']);
    expect(docs.find((d) => d.id === 'GV20')?.codes).toEqual(['GV20', 'DU20']);
    expect(docs.find((d) => d.id === 'ST36')?.boost).toBe(5);
    expect(docs.find((d) => d.id === 'HT7')?.boost).toBe(0);
    expect(docs.find((d) => d.id === 'HT7')?.keywords).toEqual(['失眠', '心悸']);
  });

  it('finds by Chinese name, pinyin with or without tones, and initials', () => {
    expect(codes('足三里')[0]).toBe('ST36');
    expect(codes('三里')).toEqual(['ST36', 'LI10']);
    expect(codes('zusanli')).toEqual(['ST36']);
    expect(codes('zú sān lǐ')).toEqual(['ST36']);
    expect(codes('zsl')).toEqual(['ST36']);
    expect(codes('gy')[0]).toBe('CV4');
  });

  it('finds by code and alias code', () => {
    expect(codes('ST36')).toEqual(['ST36']);
    expect(codes('st36')).toEqual(['ST36']);
    expect(codes('SJ5')).toEqual(['TE5']);
    expect(codes('TE5')).toEqual(['TE5']);
    expect(codes('du20')).toEqual(['GV20']);
    expect(codes('RN4')).toEqual(['CV4']);
  });

  it('finds by indication, telling which indication matched', () => {
    const hits = searchAcupoints(index, '失眠');
    expect(hits.map((h) => h.doc.point.code)).toEqual(expect.arrayContaining(['ST36', 'HT7', 'GV20', 'EX-HN1']));
    const gv20 = hits.find((h) => h.doc.point.code === 'GV20');
    expect(gv20?.keyword).toEqual({ text: '失眠多梦', range: [0, 2] });
    expect(gv20?.nameRanges).toEqual([]);
  });

  it('puts name matches before indication matches', () => {
    const hits = codes('神');
    expect(hits[0]).toBe('HT7');
  });

  it('returns nothing for a blank query', () => {
    expect(searchAcupoints(index, '   ')).toEqual([]);
  });
});
