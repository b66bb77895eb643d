import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bannedInPregnancy,
  FACE_FRONT_NECK_POINTS,
  FOOT_ANKLE_POINTS,
  SAFETY_FACTS,
  type SafetyFactId,
} from '@moxa/core/safety/safety-facts';
import { readAllKinds } from '../apps/server/src/content/load-content.ts';
import { listContentFiles } from '../apps/server/src/content/content-files.ts';
import { richTextPlain } from '../apps/server/src/content/markdown.ts';
import type { RichText } from '@moxa/core/content/rich-text';

/**
 * Issue #26 "So it cannot drift again": the safety facts live in packages/core/src/safety and every
 * page refers to them. These checks read every text the app shows — Markdown, JSON, subtitles, the
 * videos' scene texts and the web's own wording — and the rules *between* pages: a prescription may
 * not be gentler-worded or longer than the point's own page allows.
 */
const DIR = process.env.TEST_CONTENT_DIR ?? new URL('.', import.meta.url).pathname;
const ROOT = new URL('..', import.meta.url).pathname;
const fact = (id: SafetyFactId) => SAFETY_FACTS[id].text;

// ---------------------------------------------------------------------------------------------
// 1. No page retypes a declared fact.

type Restatement = {
  fact: SafetyFactId;
  pattern: RegExp;
  /** For texts that cannot hold a placeholder (subtitles, scenes): is this statement the fact? */ same: (m: string) => boolean;
};
const RESTATEMENTS: Restatement[] = [
  {
    fact: 'fever',
    pattern:
      /(发热|发烧|体温|低热|高热)[^。；\n]{0,12}?(3[6-9]|4[01])(\.\d)?\s*(℃|度)|(3[6-9]|4[01])(\.\d)?\s*(℃|度)[^。；\n]{0,6}?(以上|发热|发烧)/g,
    same: (m) => m.includes(SAFETY_FACTS.fever.values.temp),
  },
  {
    fact: 'blood-pressure',
    pattern: /1[3-9]\d\s*\/\s*(8|9|1[01])\d\s*(mmHg|毫米汞柱)?/g,
    same: (m) => m.replace(/\s/g, '').startsWith('160/100'),
  },
  {
    fact: 'extinguish',
    pattern: /(熄灭|灭艾|闷灭|灭火|掐灭)[^。！\n]{0,40}?(\d+|半)\s*(分钟|个?小时)/g,
    same: (m) => /30\s*分钟|半小时|半个小时/.test(m),
  },
  {
    fact: 'distance',
    pattern:
      /(离|距离?)(开)?(皮肤|体表|穴位)?[^。；，、\n]{0,4}?\d+(\.\d+)?\s*([～~-]\s*\d+\s*)?(厘米|公分|cm)|保持\s*\d+\s*([～~-]\s*\d+\s*)?(厘米|公分|cm)/g,
    same: (m) => /(2～3|3～4|约?3)\s*(厘米|公分)|两三厘米/.test(m),
  },
  {
    fact: 'heated-device',
    pattern: /(4[2-9]|[5-6]\d)\s*(℃|度)/g,
    same: (m) => m.includes(SAFETY_FACTS['heated-device'].values.skinMax) || m.includes(SAFETY_FACTS['heated-device'].values.lowTemp),
  },
  { fact: 'crisis', pattern: /心理援助热线|12356/g, same: (m) => !/热线/.test(m) || m.includes('12356') },
];

/** Every text file a user may read: content, subtitles, the videos' scene texts. */
function textFiles(): { file: string; text: string; placeholders: boolean }[] {
  const content = listContentFiles(DIR)
    .filter((f) => /\.(md|json|vtt)$/.test(f) && !f.startsWith('search/'))
    .map((f) => ({ file: `content/${f}`, text: readFileSync(join(DIR, f), 'utf8'), placeholders: !f.endsWith('.vtt') }));
  const scenesDir = join(ROOT, 'media-src/videos');
  const scenes = readdirSync(scenesDir).map((v) => ({
    file: `media-src/videos/${v}/scenes.json`,
    text: (JSON.parse(readFileSync(join(scenesDir, v, 'scenes.json'), 'utf8')) as { scenes: { text: string }[] }).scenes
      .map((s) => s.text)
      .join('\n'),
    placeholders: false,
  }));
  return [...content, ...scenes];
}

/** The web's, core's and server's own wording (what the guided session says, reactions …), tests and the fact table aside. */
function codeFiles(): { file: string; text: string }[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(`${dir}/${e.name}`) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [`${dir}/${e.name}`] : [],
    );
  return [...walk('apps/web/src'), ...walk('packages/core/src'), ...walk('apps/server/src')]
    .filter((f) => !f.endsWith('safety/safety-facts.ts'))
    .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));
}

describe('safety facts are stated once (issue #26)', () => {
  it('every placeholder names a declared fact', () => {
    for (const { file, text } of textFiles())
      for (const m of text.matchAll(/\{\{safety:([a-z-]+)(?:\.([a-zA-Z]+))?\}\}/g)) {
        const f = (SAFETY_FACTS as Record<string, { values: Record<string, string> }>)[m[1]!];
        expect(f, `${file}: ${m[0]}`).toBeDefined();
        if (m[2]) expect(f!.values[m[2]], `${file}: ${m[0]}`).toBeDefined();
      }
  });

  it('no Markdown or JSON page retypes a declared fact: it writes {{safety:…}} instead', () => {
    const found: string[] = [];
    for (const { file, text, placeholders } of textFiles()) {
      if (!placeholders) continue;
      for (const r of RESTATEMENTS) for (const m of text.matchAll(r.pattern)) found.push(`${file}: 「${m[0]}」 restates ${r.fact}`);
    }
    expect(found).toEqual([]);
  });

  it('subtitles and video scenes, which cannot hold a placeholder, state the declared value', () => {
    const found: string[] = [];
    for (const { file, text, placeholders } of textFiles()) {
      if (placeholders) continue;
      for (const r of RESTATEMENTS)
        for (const m of text.matchAll(r.pattern)) if (!r.same(m[0])) found.push(`${file}: 「${m[0]}」 differs from ${r.fact}`);
    }
    expect(found).toEqual([]);
  });

  it('the app’s own wording takes the numbers from the facts, never retyped', () => {
    const found: string[] = [];
    for (const { file, text } of codeFiles())
      for (const r of RESTATEMENTS) for (const m of text.matchAll(r.pattern)) found.push(`${file}: 「${m[0]}」 restates ${r.fact}`);
    expect(found).toEqual([]);
  });

  it('no page states a per-point or per-session time above the declared caps', () => {
    const perPoint = Number.parseInt(SAFETY_FACTS['session-caps'].values.perPoint, 10);
    const perSession = Number.parseInt(SAFETY_FACTS['session-caps'].values.perSession, 10);
    for (const { file, text } of textFiles()) {
      for (const m of text.matchAll(/(每穴|每个穴位|每处)[^。；\n]{0,8}?(\d+)\s*分钟/g))
        expect(Number(m[2]), `${file}: ${m[0]}`).toBeLessThanOrEqual(perPoint);
      for (const m of text.matchAll(/(一次总|每次总|总时间|总共|总时长)[^。；\n]{0,10}?(\d+)\s*(分钟|小时)/g)) {
        const minutes = Number(m[2]) * (m[3] === '小时' ? 60 : 1);
        expect(minutes, `${file}: ${m[0]}`).toBeLessThanOrEqual(perSession);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Rules between pages.

const all = readAllKinds(DIR);
const items = <T>(kind: string) => (all.get(kind) ?? []).map((it) => ({ ...(it.data as T), file: it.file }));
type Point = {
  code: string;
  name: string;
  region: string;
  moxa: { level: string; methods: string[]; minutes: string; note: string };
  cautions: string[];
};
type Disease = {
  id: string;
  file: string;
  body: RichText;
  patterns: { name: string; signs: string; advice: string; addPoints?: string[] }[];
  prescription: {
    points: { code: string; method: string; minutes: number; note?: string }[];
    frequency: string;
    course: string;
    timing?: string;
  };
  contraindications: string[];
  cautions: string[];
  redFlags: string[];
  advice: string[];
};
const points = new Map(items<Point>('acupoint').map((p) => [p.code, p]));
const point = (code: string) => points.get(code)!;
const pointText = (p: Point) => [p.moxa.note, ...p.cautions].join('；');
const diseases = items<Disease>('disease');
const diseaseText = (d: Disease) => [JSON.stringify({ ...d, body: undefined }), richTextPlain(d.body)].join('\n');
const warnings = (d: Disease) => [...d.contraindications, ...d.cautions].join('；');
/** Points a page has people moxibust: the prescription (not 按揉) and every pattern's added points. */
const moxaPoints = (d: Disease) => [
  ...d.prescription.points.filter((p) => p.method !== '按揉').map((p) => p.code),
  ...d.patterns.flatMap((p) => p.addPoints ?? []),
];
const upperMinutes = (range: string) => {
  const nums = [...range.matchAll(/\d+/g)].map((m) => Number(m[0]));
  return nums.length ? Math.max(...nums) : null;
};
const lowerMinutes = (range: string) => {
  const nums = [...range.matchAll(/\d+/g)].map((m) => Number(m[0]));
  return nums.length ? Math.min(...nums) : null;
};
const HEAT_PATTERN = /热|阴虚|火旺/;

type Scheme = { type: string; moxibustion: { points: { code: string; method: string; minutes: string }[] } };
const schemes = (all.get('constitution') ?? []).map((it) => it.data as { doc: string; value: unknown }).find((d) => d.doc === 'schemes')!
  .value as Scheme[];

type Marked = { file: string; text: string };
const pages = (kind: string): Marked[] =>
  (all.get(kind) ?? []).map((it) => {
    const data = it.data as { body?: RichText };
    return { file: it.file, text: [JSON.stringify({ ...data, body: undefined }), data.body ? richTextPlain(data.body) : ''].join('\n') };
  });
const everyPage: Marked[] = ['disease', 'notice', 'problem', 'product', 'product-marketing', 'video', 'meridian'].flatMap(pages);

describe('prescriptions agree with the points’ own pages (issue #26)', () => {
  it('never moxibusts a point for longer than its own page allows', () => {
    for (const d of diseases)
      for (const p of d.prescription.points) {
        if (p.method === '按揉') continue;
        const max = upperMinutes(point(p.code).moxa.minutes);
        if (max !== null)
          expect(p.minutes, `${d.file}: ${p.code} ${point(p.code).name} (its page: ${point(p.code).moxa.minutes})`).toBeLessThanOrEqual(
            max,
          );
        if (/时间不宜长|短时/.test(pointText(point(p.code)))) {
          // "Not long": at most 5 minutes, and never past the short end of the point's own range.
          const min = Math.min(5, lowerMinutes(point(p.code).moxa.minutes) ?? 5);
          expect(p.minutes, `${d.file}: ${p.code} says 时间不宜长`).toBeLessThanOrEqual(min);
          expect(p.method, `${d.file}: ${p.code} says 时间不宜长`).not.toBe('隔姜灸');
        }
      }
    for (const s of schemes)
      for (const sp of s.moxibustion.points) {
        const max = upperMinutes(point(sp.code).moxa.minutes);
        const own = upperMinutes(sp.minutes);
        if (sp.method !== '按揉' && max !== null && own !== null) expect(own, `scheme ${s.type}: ${sp.code}`).toBeLessThanOrEqual(max);
      }
  });

  it('gives a pattern’s added points the checks of prescription points', () => {
    for (const d of diseases)
      for (const pattern of d.patterns)
        for (const code of pattern.addPoints ?? []) {
          const p = point(code);
          expect(p.moxa.level, `${d.file}: ${pattern.name} adds ${code}`).not.toBe('forbidden');
          expect(p.moxa.methods.length, `${d.file}: ${pattern.name} adds ${code}, which has no home method`).toBeGreaterThan(0);
          if (p.moxa.level === 'caution')
            expect(pattern.advice, `${d.file}: ${pattern.name} adds 慎灸 ${code} ${p.name}: say how to take care`).toContain(p.name);
        }
  });

  it('moxibusts no point whose page limits it to cold-damp in a heat pattern or scheme (属寒湿者可灸)', () => {
    for (const d of diseases)
      for (const pattern of d.patterns.filter((x) => HEAT_PATTERN.test(x.name)))
        for (const code of pattern.addPoints ?? [])
          expect(pointText(point(code)), `${d.file}: ${pattern.name} adds ${code}`).not.toMatch(/属寒湿者可灸/);
    for (const s of schemes.filter((x) => x.type === 'shire' || x.type === 'yinxu'))
      for (const sp of s.moxibustion.points)
        if (/属寒湿者可灸|寒湿[^。；]*可灸/.test(pointText(point(sp.code)))) expect(sp.method, `scheme ${s.type}: ${sp.code}`).toBe('按揉');
  });

  it('pauses a point in heavy periods wherever its page says so', () => {
    for (const d of diseases)
      if (moxaPoints(d).some((c) => /月经量多时暂停/.test(pointText(point(c)))))
        expect(diseaseText(d), `${d.file}: a point pauses in heavy periods`).toMatch(
          /(经量|月经量)(过|较|偏)?多[^。；]{0,20}(暂停|不灸|停灸)/,
        );
  });

  it('says not to moxibust in fever wherever a point’s page pauses in fever', () => {
    for (const d of diseases)
      if (moxaPoints(d).some((c) => /(发热|发烧)[^。；]*暂停|暂停[^。；]*(发热|发烧)/.test(pointText(point(c)))))
        expect(warnings(d), `${d.file}: uses a point that pauses in fever`).toContain(fact('fever'));
  });

  it('prescribes nothing on the face or the front of the neck for home moxibustion, and those points say why', () => {
    for (const d of diseases)
      for (const code of moxaPoints(d)) expect(FACE_FRONT_NECK_POINTS.has(code), `${d.file}: ${code} ${point(code).name}`).toBe(false);
    for (const s of schemes)
      for (const sp of s.moxibustion.points)
        if (sp.method !== '按揉') expect(FACE_FRONT_NECK_POINTS.has(sp.code), `scheme ${s.type}: ${sp.code}`).toBe(false);
    for (const code of FACE_FRONT_NECK_POINTS) {
      const p = point(code);
      expect(p, code).toBeDefined();
      if (p.moxa.level === 'forbidden') continue;
      expect(p.moxa.note, `${code} ${p.name}`).toContain(fact('face-neck'));
      expect(p.moxa.minutes, `${code} ${p.name}: no home time`).toBe('');
    }
  });

  it('puts the diabetic-feet rule on every page that moxibusts the feet or ankles, with no "试温" workaround', () => {
    for (const d of diseases) {
      if (moxaPoints(d).some((c) => FOOT_ANKLE_POINTS.has(c)))
        expect(warnings(d), `${d.file}: uses a foot or ankle point`).toContain(fact('diabetic-feet'));
    }
    for (const { file, text } of everyPage) expect(text, file).not.toMatch(/糖尿病[^。]{0,30}(试温|低温短时|距离加大|时间减半)/);
  });

  it('sends every pregnancy question to the obstetrician first, on every page that speaks of it', () => {
    for (const d of diseases) {
      if (moxaPoints(d).some((c) => bannedInPregnancy(c, point(c).region)) || /孕/.test(diseaseText(d)))
        expect(warnings(d), `${d.file}: pregnancy`).toContain(fact('pregnancy'));
    }
    for (const { file, text } of everyPage) {
      if (/孕[^。；]{0,12}(可以?灸|可按|能灸|只灸)/.test(text))
        expect(text, `${file}: allows moxibustion in pregnancy`).toContain(fact('pregnancy'));
    }
    // Products placed on a point banned in pregnancy carry the rule too.
    const banned = [...points.values()].filter((p) => bannedInPregnancy(p.code, p.region) && p.name.length > 1).map((p) => p.name);
    for (const { file, text } of pages('product'))
      if (banned.some((n) => text.includes(n)) || /腹部|小腹|肚脐|腰骶|后腰/.test(text))
        expect(text, `${file}: placed on a point banned in pregnancy`).toContain(fact('pregnancy'));
  });

  it('bans every point of the pregnancy set in pregnancy on its own page', () => {
    for (const p of points.values())
      if (bannedInPregnancy(p.code, p.region)) expect(p.cautions.join(''), `${p.code} ${p.name}`).toMatch(/孕妇禁灸|孕期禁灸|孕期一律不灸/);
  });
});

describe('wording rules over every page (issue #26)', () => {
  it('promises no quick effect', () => {
    for (const { file, text } of everyPage)
      expect(text, file).not.toMatch(/\d+\s*([～~-]\s*\d+\s*)?(次|天)(就|即)可|几次就好|一次见效|马上见效|当天见效/);
  });
  it('says that burning moxa gives off carbon monoxide wherever smokeless moxa or airing a room comes up', () => {
    for (const { file, text } of everyPage) {
      expect(text, file).not.toMatch(/不便通风|无需通风|不用通风|不必通风/);
      if (/无烟艾/.test(text)) expect(text, `${file}: smokeless moxa`).toContain(fact('ventilation'));
    }
  });
  it('never suggests an alcohol lamp without the fire rule', () => {
    for (const { file, text } of everyPage) if (/酒精灯/.test(text)) expect(text, file).toContain(fact('fire'));
  });
  it('gives the crisis line wherever thoughts of self-harm come up', () => {
    for (const { file, text } of everyPage) if (/轻生|自杀|伤害自己/.test(text)) expect(text, file).toContain(fact('crisis'));
  });
  it('names the point in every EX link (EX numberings differ between editions)', () => {
    for (const f of listContentFiles(DIR).filter((x) => x.endsWith('.md')))
      for (const m of readFileSync(join(DIR, f), 'utf8').matchAll(/\[([^\]]+)\]\(acupoint:(EX-[A-Z]+\d+)\)/g))
        expect(m[1], `${f}: ${m[0]}`).toBe(point(m[2]!).name);
  });
  it('shows no product beside a video that speaks of diseases (《广告法》 §17)', () => {
    for (const v of items<{ id: string; products?: string[]; subtitles?: string; body: RichText; summary: string }>('video')) {
      if (!v.products?.length) continue;
      const vtt = v.subtitles ? readFileSync(join(DIR, 'media', v.subtitles), 'utf8') : '';
      const text = [v.summary, richTextPlain(v.body), vtt].join('\n');
      expect(text, `${v.file}: products beside disease wording`).not.toMatch(
        /咳嗽|鼻子敏感|过敏|鼻炎|哮喘|关节炎|失眠|痛经|胃病|疾病|调理[^。，]{0,8}(病|症)/,
      );
    }
  });
});
