import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acupointSearchDoc } from '@moxa/core/acupoints/acupoint-search';
import { buildSearchIndex, searchIndex } from '@moxa/core/search/text-search';

/**
 * Safety checks over the acupoint, meridian and scheme content (issue #15, corrections after a
 * review against GB/T 12346-2021): each catches one kind of slip the review found, so it cannot come
 * back unnoticed. The files are read as written, independent of the loader.
 */
const DIR = process.env.TEST_CONTENT_DIR ?? new URL('.', import.meta.url).pathname;
type Point = {
  code: string;
  name: string;
  region: string;
  indications: string[];
  moxa: { level: 'suitable' | 'caution' | 'forbidden'; methods: string[]; note: string };
  cautions: string[];
  common: boolean;
  meridian: string;
};
const points: Point[] = readdirSync(join(DIR, 'acupoints')).flatMap(
  (f) => JSON.parse(readFileSync(join(DIR, 'acupoints', f), 'utf8')) as Point[],
);
const byCode = new Map(points.map((p) => [p.code, p]));
const point = (code: string) => byCode.get(code)!;
const text = (p: Point) => [p.moxa.note, ...p.cautions].join('；');
const meridians = JSON.parse(readFileSync(join(DIR, 'meridians.json'), 'utf8')) as { code: string; moxaTips: string }[];
const schemes = JSON.parse(readFileSync(join(DIR, 'constitution/schemes.json'), 'utf8')) as {
  type: string;
  moxibustion: { points: { code: string; method: string }[] };
}[];

describe('acupoint safety content (issue #15)', () => {
  it('treats every point around the eye alike: none is for home moxibustion', () => {
    // 睛明, 攒竹, 鱼腰, 丝竹空, 瞳子髎, 承泣, 球后: inside or on the orbital rim.
    for (const code of ['BL1', 'BL2', 'EX-HN4', 'TE23', 'GB1', 'ST1', 'EX-HN7']) {
      expect(point(code).moxa.level, `${code} ${point(code).name}`).toBe('forbidden');
      expect(point(code).moxa.methods, code).toEqual([]);
    }
  });

  it('gives every abdominal point a pregnancy caution, and every lumbosacral point a pregnancy ban', () => {
    for (const p of points.filter((x) => x.region === 'abdomen')) expect(p.cautions.join(''), `${p.code} ${p.name}`).toMatch(/孕妇(禁|慎)/);
    // From the first lumbar vertebra down (命门, 悬枢 … 腰奇; 痞根 and 肓门 at L1).
    const lumbosacral = [
      ...Array.from({ length: 14 }, (_, i) => `BL${22 + i}`),
      ...['BL51', 'BL52', 'BL53', 'BL54', 'GV1', 'GV2', 'GV3', 'GV4', 'GV5'],
      ...['EX-B4', 'EX-B5', 'EX-B6', 'EX-B7', 'EX-B8', 'EX-B9'],
    ];
    for (const code of lumbosacral) expect(point(code).cautions.join(''), `${code} ${point(code).name}`).toMatch(/孕妇禁/);
  });

  it('says of every classical 禁灸 point that the classics forbid it, unless it is forbidden outright', () => {
    // 《针灸大成》禁灸穴 that modern practice moxibusts: the page must not present them as plainly suitable.
    const classical = ['SP1', 'SP7', 'SP9', 'SP16', 'SP20', 'ST31', 'ST32', 'ST33', 'ST35', 'ST38', 'ST30', 'CV15', 'GV6', 'TE18'];
    for (const code of classical) {
      const p = point(code);
      if (p.moxa.level !== 'forbidden') expect(text(p), `${code} ${p.name}`).toMatch(/古籍|医籍|《/);
    }
  });

  it('never lists 脚气 bare, and asks for a diagnosis of neck masses first', () => {
    for (const p of points) {
      expect(p.indications, p.code).not.toContain('脚气');
      if (p.indications.some((i) => i.includes('脚气病'))) expect(p.cautions.join(''), p.code).toMatch(/足癣/);
      if (p.indications.some((i) => /瘰疬|瘿气/.test(i))) expect(p.cautions.join(''), p.code).toMatch(/颈部肿块须先就医/);
    }
  });

  it('uses one plain lay term for each symptom (and no character missing from phone fonts)', () => {
    const all = readdirSync(join(DIR, 'acupoints'))
      .map((f) => readFileSync(join(DIR, 'acupoints', f), 'utf8'))
      .join('');
    for (const old of ['㖞', '咯血', '衄血', '齿痛', '暴喑', '瞤']) expect(all, old).not.toContain(old);
  });

  it('says where each intraoral or nasal point is, not a template sentence', () => {
    for (const code of ['EX-HN9', 'EX-HN10', 'EX-HN11', 'EX-HN12', 'EX-HN13']) {
      expect(point(code).moxa.note, code).not.toMatch(/口腔或鼻腔内的穴位/);
      expect(point(code).moxa.note, code).toMatch(/^位于(舌|鼻)/);
    }
  });
});

describe('meridian tips agree with the point levels (issue #15)', () => {
  const names = points.filter((p) => p.moxa.level !== 'suitable').map((p) => p.name);
  it('recommend moxibustion on a caution or forbidden point only with a qualifier', () => {
    for (const m of meridians) {
      for (const clause of m.moxaTips.split(/[，；。]/)) {
        if (!clause.includes('灸')) continue;
        const risky = names.filter((n) => clause.includes(n));
        if (risky.length > 0) expect(clause, `${m.code}: ${risky.join('、')}`).toMatch(/按揉|禁|慎|不|短时|避开/);
      }
    }
  });

  it('do not say a region is not moxibusted while one of its common points there is', () => {
    for (const m of meridians) {
      if (!/头(面)?部[^。]*一般不灸/.test(m.moxaTips)) continue;
      const common = points.filter((p) => p.meridian === m.code && p.region === 'head' && p.common && p.moxa.level === 'suitable');
      expect(
        common.map((p) => p.name),
        m.code,
      ).toEqual([]);
    }
  });
});

describe('constitution schemes agree with the points they use (issue #15)', () => {
  it('never moxibusts, in a heat-type scheme, a point whose page says not to moxibust heat', () => {
    for (const s of schemes.filter((x) => x.type === 'shire' || x.type === 'yinxu')) {
      for (const sp of s.moxibustion.points) {
        const p = point(sp.code);
        if (/(实热|热证|阴虚)[^；。]*不(宜)?灸|(实热|热证)[^；。]*暂停/.test(text(p)))
          expect(sp.method, `${s.type} ${sp.code} ${p.name}`).toBe('按揉');
      }
    }
  });

  it('never uses a forbidden point', () => {
    for (const s of schemes)
      for (const sp of s.moxibustion.points) expect(point(sp.code).moxa.level, `${s.type} ${sp.code}`).not.toBe('forbidden');
  });
});

describe('variant names are found (issue #15)', () => {
  // Both spellings appear in books and on other sites; a reader types whichever they learnt.
  const index = buildSearchIndex(
    (points as (Point & { pinyin: string; aliases?: { name: string; pinyin: string }[] })[]).map(acupointSearchDoc),
  );
  it.each([
    ['清冷渊', '清泠渊'],
    ['qinglengyuan', '清泠渊'],
    ['qly', '清泠渊'],
    ['瘈脉', '瘛脉'],
    ['chimai', '瘛脉'],
  ])('%s finds %s first', (query, name) => {
    expect(searchIndex(index, query)[0]?.doc.name).toBe(name);
  });
});
