import { stringify } from 'yaml';
import { expect } from 'vitest';
import { checkContent } from './index.ts';
import type { ContentFinding } from './source-tree.ts';

/**
 * A small content tree that passes every check (issue #29), for the checks' unit tests: each test
 * edits one thing and expects the one finding it causes. Built from objects so a test can change a
 * field and write the files again.
 */
export type Markdown = { fields: Record<string, unknown>; body: string };
export type FixtureSources = Record<string, unknown>;

const point = (over: Record<string, unknown>, moxa: Record<string, unknown> = {}) => ({
  pinyin: 'zú sān lǐ',
  region: 'lower_limb',
  location: '在小腿前外侧，犊鼻下3寸。',
  findMethod: '从外膝眼向下量四横指处即是。',
  indications: ['胃痛', '腹胀'],
  categories: [],
  common: true,
  cautions: ['皮肤破损、红肿处不宜施灸'],
  ...over,
  moxa: { level: 'suitable', methods: ['艾条温和灸'], minutes: '10～15分钟', frequency: '每日或隔日1次', note: '常用保健穴。', ...moxa },
});

export function fixtureSources(): FixtureSources {
  return {
    'acupoints/ST.json': [
      point({ code: 'ST36', name: '足三里', meridian: 'ST', categories: ['合穴', '下合穴'] }),
      point({
        code: 'ST25',
        name: '天枢',
        pinyin: 'tiān shū',
        meridian: 'ST',
        region: 'abdomen',
        cautions: ['孕妇禁灸', '急性腹痛应先就医'],
      }),
    ],
    'acupoints/SP.json': [
      point(
        { code: 'SP6', name: '三阴交', pinyin: 'sān yīn jiāo', meridian: 'SP', cautions: ['孕妇禁灸', '月经量多时暂停施灸'] },
        { note: '妇科常用灸穴。' },
      ),
    ],
    'acupoints/KI.json': [
      point({
        code: 'KI1',
        name: '涌泉',
        pinyin: 'yǒng quán',
        meridian: 'KI',
        cautions: ['糖尿病患者和脚部感觉减退者在家不灸本穴'],
      }),
    ],
    'acupoints/BL.json': [
      point(
        { code: 'BL1', name: '睛明', pinyin: 'jīng míng', meridian: 'BL', region: 'head', common: false, cautions: ['禁灸：穴近眼球'] },
        { level: 'forbidden', methods: [], minutes: '', frequency: '', note: '紧邻眼球，不可施灸。' },
      ),
    ],
    'acupoints/GB.json': [
      point(
        { code: 'GB14', name: '阳白', pinyin: 'yáng bái', meridian: 'GB', region: 'head', common: false, cautions: ['以按揉为主'] },
        { level: 'caution', methods: [], minutes: '', frequency: '', note: '{{safety:face-neck}}。可轻轻按揉。' },
      ),
    ],
    'charts/points.json': Object.fromEntries(
      ['ST36', 'ST25', 'SP6', 'KI1', 'BL1', 'GB14'].map((c) => [c, { view: 'front', x: 50, y: 50 }]),
    ),
    'charts/views.json': [{ id: 'front', name: '人体正面', width: 200, height: 400 }],
    'charts/front.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 400"></svg>\n',
    'meridians.json': [
      {
        code: 'ST',
        name: '足阳明胃经',
        shortName: '胃经',
        organ: '胃',
        pointCount: 2,
        flowHour: '辰时（7:00～9:00）',
        summary: '胃经与消化关系密切。',
        course: '胃经起于鼻旁，下行经胸腹到足。',
        indications: ['胃痛'],
        moxaTips: '足三里可长期施灸；阳白在面部，不灸。',
        care: '饮食规律，少吃生冷。',
      },
    ],
    'constitution/schemes.json': [
      {
        type: 'qixu',
        principle: '补气健脾',
        diet: { advice: '饮食清淡', recommended: ['山药'], avoid: ['冷饮'] },
        living: '起居规律',
        exercise: '散步',
        emotion: '心态平和',
        moxibustion: {
          summary: '温补元气',
          points: [{ code: 'ST36', method: '艾条温和灸', minutes: '10～15分钟', frequency: '每周3次', note: '健脾益气' }],
          course: '4周为一个疗程',
        },
        seasonal: '换季注意保暖',
        cautions: ['{{safety:pregnancy}}', '{{safety:fever}}', '{{safety:distance}}', '症状持续请及时就医'],
      },
    ],
    'constitution/questionnaire.json': {
      version: 'ZYYXH/T157-2009',
      intro: '请按近一年的感受回答',
      options: ['没有', '很少', '有时', '经常', '总是'].map((label, i) => ({ value: i + 1, label, hint: '' })),
      questions: [{ id: 'q01', text: '您容易疲乏吗？', gender: 'all', scales: [{ type: 'qixu', reverse: false }] }],
    },
    'diseases/groups.json': [
      { id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', name: '脾胃不适', icon: 'stomach', summary: '胃胀、胃寒、消化不良', position: 1 },
    ],
    'diseases/cold-stomach.md': {
      fields: {
        id: 'cold-stomach',
        name: '胃寒',
        group: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
        position: 1,
        summary: '胃部怕冷、喝凉的就不舒服，温和灸帮助温养脾胃',
        symptoms: ['胃部怕冷', '喝凉的就不舒服'],
        patterns: [{ name: '脾胃虚寒', signs: '胃部怕冷，喜温喜按', advice: '以温养为主，加灸天枢', addPoints: ['ST25'] }],
        prescription: {
          points: [{ code: 'ST36', method: '艾条温和灸', distance: '离皮肤{{safety:distance.standard}}', minutes: 10, note: '两侧交替' }],
          frequency: '每日1次',
          course: '7天为1个疗程，连续2个疗程无改善应就医',
        },
        contraindications: ['{{safety:pregnancy}}', '饥饿、过饱时不灸'],
        cautions: ['灸后喝一杯温水'],
        redFlags: ['呕血或解黑便，请立即就医', '胃痛剧烈或持续不缓解，应尽快就医'],
        advice: ['饮食规律，少吃生冷', '饭后不要马上躺下'],
      },
      body: '胃寒多见于平时爱吃生冷、身体偏虚的人，表现为胃部怕冷、隐隐作痛，遇暖缓解。日常可以温和灸[足三里](acupoint:ST36)，配合规律饮食，帮助温养脾胃；症状反复或加重时请及时就医，查明原因。',
    },
    'notices/types.json': [{ id: 'before', name: '施灸之前', summary: '施灸前要准备什么', position: 1 }],
    'notices/before-moxa.md': {
      fields: { id: 'before-moxa', type: 'before', title: '施灸前准备', summary: '准备好用品再开始', position: 1, related: [] },
      body: '施灸前先准备好艾条、打火机、灭艾筒和一杯温水，选一个通风好、不怕烟的房间，把窗帘、纸张等易燃物挪开。'.repeat(4),
    },
    'problems/topics.json': [{ id: 'usage', name: '使用方法', position: 1 }],
    'problems/how-long.md': {
      fields: { id: 'how-long', topic: 'usage', question: '每次灸多久合适？', position: 1, related: [] },
      body: '每个穴位一般灸10～15分钟，以皮肤温热微红为度。初次施灸可以从时间短一些开始，慢慢适应；感觉太烫就把艾条拿远一点。',
    },
    'products/types.json': [{ id: 'moxa-stick', name: '艾条', icon: 'moxa-stick', summary: '手持温和灸用的艾条', position: 1 }],
    'products/moxa-stick.md': {
      fields: {
        id: 'moxa-stick',
        name: '三年陈艾条',
        type: 'moxa-stick',
        position: 1,
        summary: '三年陈艾绒手工卷制，燃烧平稳、烟少',
        price: 39,
        unit: '盒',
        spec: '10支装',
        specs: [
          { name: '规格', value: '每盒10支' },
          { name: '艾绒', value: '三年陈艾绒' },
          { name: '包装', value: '独立防潮包装' },
        ],
        images: [
          { src: 'products/moxa-stick-1.svg', alt: '艾条外盒' },
          { src: 'products/moxa-stick-2.svg', alt: '艾条的截面' },
        ],
        usage: ['撕开外纸，点燃一端', '对准穴位温和灸'],
        suits: ['想在家日常温养的人'],
        notSuits: ['{{safety:pregnancy}}', '皮肤破损处'],
        cautions: ['{{safety:fire}}', '{{safety:ventilation}}'],
        problems: ['how-long'],
      },
      body: '三年陈艾绒经过反复筛选，绒细柔软，卷成直径1.8厘米的艾条，点燃后燃烧平稳、火力温和，适合在家日常温灸。每盒十支，独立包装，防潮好存放。一盒的价格是{{price}}，新手可以先从一盒开始试用。',
    },
    'product-marketing/moxa-stick.json': {
      id: 'moxa-stick',
      title: '三年陈艾条：在家温灸的好帮手',
      share: { title: '三年陈艾条', description: '陈艾细绒，火力温和' },
      blocks: [
        { kind: 'hero', title: '一支好艾条', subtitle: '陈艾细绒，火力温和', image: { src: 'products/moxa-stick-1.svg', alt: '艾条外盒' } },
        {
          kind: 'points',
          title: '为什么选它',
          items: [
            { title: '陈艾', text: '三年陈艾绒' },
            { title: '细绒', text: '燃烧平稳' },
          ],
        },
        { kind: 'steps', title: '怎么用', items: ['点燃一端', '对准穴位温和灸'] },
        { kind: 'cta', title: '{{price}} 一盒', text: '去看看' },
      ],
    },
    'videos/how-to.md': {
      fields: {
        id: 'how-to',
        title: '温和灸怎么做',
        category: 'health',
        position: 1,
        summary: '一步步演示温和灸',
        duration: 40,
        publishedAt: '2026-02-23',
        video: 'videos/how-to.mp4',
        poster: 'videos/how-to-poster.svg',
        subtitles: 'videos/how-to.vtt',
        products: [],
      },
      body: '短片演示温和灸的做法：点燃艾条，对准穴位，感觉温热就保持，太烫就拿远一点。',
    },
  };
}

const isMarkdown = (v: unknown): v is Markdown => typeof v === 'object' && v !== null && 'fields' in v && 'body' in v;

/** The files' text, as the checks take them. */
export function fixtureTree(sources: FixtureSources = fixtureSources()): Map<string, string> {
  return new Map(
    Object.entries(sources).map(([file, v]) => [
      file,
      typeof v === 'string' ? v : isMarkdown(v) ? `---\n${stringify(v.fields)}---\n\n${v.body}\n` : `${JSON.stringify(v, null, 2)}\n`,
    ]),
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixtures are edited freely, like a draft
export type Obj = Record<string, any>;

/** The findings after one edit of the fixture sources. */
export function checkEdited(edit: (s: FixtureSources) => void): ContentFinding[] {
  const sources = fixtureSources();
  edit(sources);
  return checkContent(fixtureTree(sources));
}

/** A point of the fixture, by code, to edit in place. */
export function pointIn(s: FixtureSources, code: string): Obj {
  for (const [file, v] of Object.entries(s))
    if (file.startsWith('acupoints/')) {
      const p = (v as Obj[]).find((x) => x.code === code);
      if (p) return p;
    }
  throw new Error(`no point ${code} in the fixture`);
}
export const fieldsOf = (s: FixtureSources, file: string): Obj => (s[file] as Markdown).fields as Obj;
export const markdownOf = (s: FixtureSources, file: string): Markdown => s[file] as Markdown;
export const jsonOf = (s: FixtureSources, file: string): Obj => s[file] as Obj;

export const DISEASE = 'diseases/cold-stomach.md';
export const PRODUCT = 'products/moxa-stick.md';
export const MARKETING = 'product-marketing/moxa-stick.json';
export const SCHEMES = 'constitution/schemes.json';

export type Expected = { file: string; itemId: string | null; rule: string; field: string; message: RegExp; blocking?: boolean };

/** The one finding a broken rule must give: where, which rule, and a Chinese reason. */
export function expectFinding(findings: ContentFinding[], e: Expected): void {
  expect(findings).toContainEqual({
    file: e.file,
    itemId: e.itemId,
    rule: e.rule,
    field: e.field,
    message: expect.stringMatching(e.message) as unknown as string,
    blocking: e.blocking ?? true,
  });
  for (const f of findings) expect(f.message, f.rule).toMatch(/[\u4e00-\u9fff]/);
}
