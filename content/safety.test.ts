import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acupointSearchDoc } from '@moxa/core/acupoints/acupoint-search';
import { FACE_FRONT_NECK_POINTS, FOOT_ANKLE_POINTS, PREGNANCY_BANNED_POINTS } from '@moxa/core/safety/safety-facts';
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
  moxa: { level: 'suitable' | 'caution' | 'forbidden'; methods: string[]; minutes: string; frequency: string; note: string };
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
  moxibustion: { summary: string; points: { code: string; method: string; minutes: string; note: string }[]; course: string };
  cautions: string[];
}[];
/** The largest number of minutes in a range such as "5～10分钟" or "3～5壮（约15～20分钟）". */
const upperMinutes = (range: string) => {
  const nums = [...range.matchAll(/(\d+)(?=\s*分钟)|(\d+)(?=[～~-]\d+\s*分钟)/g)].map((m) => Number(m[1] ?? m[2]));
  return nums.length ? Math.max(...nums) : null;
};

describe('acupoint safety content (issue #15)', () => {
  it('treats every point around the eye alike: none is for home moxibustion', () => {
    // 睛明, 攒竹, 鱼腰, 丝竹空, 瞳子髎, 承泣, 球后: inside or on the orbital rim.
    for (const code of ['BL1', 'BL2', 'EX-HN4', 'TE23', 'GB1', 'ST1', 'EX-HN7']) {
      expect(point(code).moxa.level, `${code} ${point(code).name}`).toBe('forbidden');
      expect(point(code).moxa.methods, code).toEqual([]);
    }
  });

  it('gives every abdominal point a pregnancy ban, and every lumbosacral point a pregnancy ban', () => {
    // Issue #26: the pregnancy notice says the whole abdomen is 一律不灸, so no abdominal point says 慎灸.
    for (const p of points.filter((x) => x.region === 'abdomen')) {
      expect(p.cautions, `${p.code} ${p.name}`).toContain('孕妇禁灸');
      expect(text(p), `${p.code} ${p.name}`).not.toMatch(/孕妇慎|孕妇禁用|孕妇不用/);
    }
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

describe('acupoint pages agree with the declared safety facts (issue #26)', () => {
  it('bans every point of the pregnancy set on its own page, in those words', () => {
    for (const code of PREGNANCY_BANNED_POINTS) {
      const p = point(code);
      expect(p, code).toBeDefined();
      expect(p.cautions.join('；'), `${code} ${p.name}`).toMatch(/孕妇禁灸/);
      expect(text(p), `${code} ${p.name}`).not.toMatch(/孕妇慎|孕妇不用|孕妇禁用/);
    }
  });

  it('gives no face or front-of-neck point a home time or method: its note refers to the rule', () => {
    for (const code of FACE_FRONT_NECK_POINTS) {
      const p = point(code);
      expect(p, code).toBeDefined();
      expect(['caution', 'forbidden'], `${code} ${p.name}`).toContain(p.moxa.level);
      expect(p.moxa.minutes, `${code} ${p.name}`).toBe('');
      expect(p.moxa.frequency, `${code} ${p.name}`).toBe('');
      // No method means no "跟着灸这个穴位" button and no countdown in a guided session.
      expect(p.moxa.methods, `${code} ${p.name}`).toEqual([]);
      expect(p.moxa.note, `${code} ${p.name}`).toMatch(/^\{\{safety:face-neck\}\}。/);
      // At most one short sentence after the rule.
      const rest = p.moxa.note.replace('{{safety:face-neck}}。', '');
      expect(rest.length, `${code} ${p.name}: ${rest}`).toBeLessThanOrEqual(40);
      expect(rest.replace(/。$/, ''), `${code} ${p.name}`).not.toContain('。');
      // Nothing on the page tells how to moxibust it at home.
      expect(text(p), `${code} ${p.name}`).not.toMatch(/悬灸|温和灸|施灸时|保持距离|时间宜短|短时|远距离/);
    }
  });

  it('tells people with diabetes or numb feet not to moxibust a foot or ankle point at home', () => {
    for (const code of FOOT_ANKLE_POINTS) {
      const p = point(code);
      expect(p, code).toBeDefined();
      expect(
        p.cautions.some((c) => c === '糖尿病患者和脚部感觉减退者在家不灸本穴' || c.includes('{{safety:diabetic-feet}}')),
        `${code} ${p.name}`,
      ).toBe(true);
      // Not the old workaround (有人看护, 慎灸), and no moxa offered for numb toes.
      expect(text(p), `${code} ${p.name}`).not.toMatch(/糖尿病[^；。]*(看护|慎灸|试温)|麻木[^；。]*(可|作)[^；。]*灸/);
    }
  });

  it('pauses moxibustion in any fever, and never states a temperature or a distance of its own', () => {
    const files = [...readdirSync(join(DIR, 'acupoints')).map((f) => join('acupoints', f)), 'meridians.json', 'constitution/schemes.json'];
    for (const f of files) {
      const raw = readFileSync(join(DIR, f), 'utf8');
      // A temperature (℃, or 35～69度); 屈肘约90度 is an angle.
      expect(raw, f).not.toMatch(/\d+(\.\d)?\s*℃|(?<!\d)(3[5-9]|[4-6]\d)(\.\d)?\s*度/);
      expect(raw, f).not.toMatch(
        /(离|距离?)[^。；，、"]{0,6}\d+(\.\d+)?\s*([～~-]\s*\d+\s*)?(厘米|公分)|保持[^。；"]{0,8}\d+\s*([～~-]\s*\d+\s*)?(厘米|公分)/,
      );
    }
    // "高热时不宜灸" would let people moxibust with a low fever; the rule is to pause in any fever.
    for (const p of points) expect(text(p), `${p.code} ${p.name}`).not.toMatch(/高热[^；。，]*不宜[^；。]*灸|体温较高/);
    for (const code of ['BL12', 'BL13', 'GV12', 'GV13', 'GV14']) expect(text(point(code)), code).toMatch(/发热时暂停施灸/);
  });

  it('keeps the artery note on 神门 (other pages refer to it)', () => {
    expect(point('HT7').moxa.note).toMatch(/尺动脉/);
    expect(point('HT7').cautions.join('；')).toMatch(/动脉/);
  });

  it('moxibusts 阴陵泉 for cold-damp and phlegm-damp only, and says so on its page', () => {
    expect(text(point('SP9'))).toMatch(/寒湿者可灸/);
    expect(text(point('SP9'))).toMatch(/痰湿[^；。]*可灸/);
    expect(text(point('SP9'))).toMatch(/湿热者以按揉为主/);
    expect(text(point('SP9'))).not.toMatch(/时间不宜长/);
  });
});

describe('meridian tips agree with the face and front-of-neck rule (issue #26)', () => {
  const faceNames = [...FACE_FRONT_NECK_POINTS].map((c) => point(c).name);
  it('name a face or front-of-neck point only to say it is not moxibusted at home', () => {
    for (const m of meridians)
      for (const clause of m.moxaTips.split(/[；。]/)) {
        const named = faceNames.filter((n) => clause.includes(n));
        if (named.length > 0) expect(clause, `${m.code}: ${named.join('、')}`).toMatch(/不灸|禁灸|不施灸/);
      }
  });

  it('say that the whole abdomen is not moxibusted in pregnancy, not 慎灸', () => {
    for (const m of meridians) expect(m.moxaTips, m.code).not.toMatch(/孕妇(慎|不宜|不用)/);
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

  it('never moxibusts, in a heat-type scheme, a point whose page allows moxa for cold-damp only (issue #26)', () => {
    for (const s of schemes.filter((x) => x.type === 'shire' || x.type === 'yinxu'))
      for (const sp of s.moxibustion.points)
        if (/寒湿[^；。]*可灸|湿热者以按揉/.test(text(point(sp.code))))
          expect(sp.method, `${s.type} ${sp.code} ${point(sp.code).name}`).toBe('按揉');
  });

  it('moxibusts a point in the 痰湿 scheme only if its page allows it for 痰湿 (issue #26)', () => {
    const tanshi = schemes.find((s) => s.type === 'tanshi')!;
    for (const sp of tanshi.moxibustion.points)
      if (/属寒湿者可灸/.test(text(point(sp.code)))) expect(text(point(sp.code)), sp.code).toMatch(/痰湿[^；。]*可灸/);
  });

  it('never moxibusts a point for longer than its page allows, nor a face or neck point at all (issue #26)', () => {
    for (const s of schemes)
      for (const sp of s.moxibustion.points) {
        if (sp.method === '按揉') continue;
        const p = point(sp.code);
        expect(FACE_FRONT_NECK_POINTS.has(sp.code), `${s.type} ${sp.code}`).toBe(false);
        const max = upperMinutes(p.moxa.minutes);
        const own = upperMinutes(sp.minutes);
        if (max !== null && own !== null) expect(own, `${s.type} ${sp.code} ${p.name} (page: ${p.moxa.minutes})`).toBeLessThanOrEqual(max);
        if (/时间不宜长|短时/.test(text(p))) expect(own, `${s.type} ${sp.code} says 时间不宜长`).toBeLessThanOrEqual(5);
      }
  });

  it('refers to the declared facts in the cautions, and adds the ones its points need (issue #26)', () => {
    for (const s of schemes) {
      const cautions = s.cautions.join('；');
      for (const id of ['pregnancy', 'fever', 'distance']) expect(cautions, `${s.type} ${id}`).toContain(`{{safety:${id}}}`);
      const moxa = s.moxibustion.points.filter((p) => p.method !== '按揉');
      if (moxa.some((p) => FOOT_ANKLE_POINTS.has(p.code)))
        expect(cautions, `${s.type}: a foot or ankle point`).toContain('{{safety:diabetic-feet}}');
      expect(cautions, s.type).not.toMatch(/糖尿病[^；。]*看护/);
      if (moxa.some((p) => /月经量多时暂停/.test(text(point(p.code)))))
        expect(JSON.stringify(s), `${s.type}: a point pauses in heavy periods`).toMatch(
          /(经量|月经量)(过|较|偏)?多[^。；]{0,20}(暂停|不灸|停灸)/,
        );
      if (/伤害自己|轻生/.test(JSON.stringify(s))) expect(cautions, `${s.type}: crisis line`).toContain('{{safety:crisis}}');
      if (/无烟艾/.test(JSON.stringify(s))) expect(cautions, `${s.type}: smokeless moxa`).toContain('{{safety:ventilation}}');
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
