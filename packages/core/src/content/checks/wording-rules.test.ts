import { describe, expect, it } from 'vitest';
import {
  checkEdited,
  DISEASE,
  expectFinding,
  fieldsOf,
  jsonOf,
  MARKETING,
  markdownOf,
  PRODUCT,
  type Expected,
  type FixtureSources,
} from './test-fixtures.ts';

/** Lawful, honest wording (《广告法》 §9, §17, §19; issue #15, #16, #26, #29). */
const find = (file: string, itemId: string, rule: string, field: string, message: RegExp): Expected => ({
  file,
  itemId,
  rule,
  field,
  message,
});
const NOTICE = 'notices/before-moxa.md';
const VIDEO = 'videos/how-to.md';

const cases: [string, (s: FixtureSources) => void, Expected][] = [
  [
    'a cure promise on a condition page',
    (s) => (fieldsOf(s, DISEASE).summary = '坚持温灸可根治胃寒'),
    find(DISEASE, 'cold-stomach', 'cure-promise', 'summary', /「根治」是承诺疗效的用语，请改为“调理”“缓解”一类说法/),
  ],
  [
    'a cure promise in a condition body',
    (s) => (markdownOf(s, DISEASE).body += '坚持一个月即可治愈。'),
    find(DISEASE, 'cold-stomach', 'cure-promise', 'body', /「治愈」/),
  ],
  [
    'an absolute term on a health page',
    (s) => (fieldsOf(s, DISEASE).advice = ['这是最佳的调理方法']),
    find(DISEASE, 'cold-stomach', 'cure-promise', 'advice.0', /「最佳」.*绝对化/),
  ],
  [
    'a condition page promoting a product',
    (s) => (fieldsOf(s, DISEASE).cautions = ['可在商城下单购买灸盒']),
    find(DISEASE, 'cold-stomach', 'condition-promotion', 'cautions.0', /科普的病症页不能推荐或推销产品/),
  ],
  [
    'a cure promise in a notice',
    (s) => (markdownOf(s, NOTICE).body += '按时施灸，药到病除。'),
    find(NOTICE, 'before-moxa', 'cure-promise', 'body', /「药到病除」/),
  ],
  [
    'a quick effect promised',
    (s) => (fieldsOf(s, DISEASE).summary = '灸3次就可缓解胃寒'),
    find(DISEASE, 'cold-stomach', 'quick-effect', 'summary', /速效/),
  ],
  [
    'a treatment claim on a product without a registration number',
    (s) => (fieldsOf(s, PRODUCT).summary = '治疗胃痛，温经散寒'),
    find(PRODUCT, 'moxa-stick', 'medical-claim', 'summary', /「治疗」.*医疗器械注册证/),
  ],
  [
    'an absolute term in a product ad',
    (s) => (fieldsOf(s, PRODUCT).suits = ['追求国家级品质的人']),
    find(PRODUCT, 'moxa-stick', 'absolute-claim', 'suits.0', /「国家级」是《广告法》禁止的/),
  ],
  [
    'a 100% claim on a promotional page',
    (s) => (jsonOf(s, MARKETING).blocks[0].subtitle = '100%纯艾绒'),
    find(MARKETING, 'moxa-stick', 'absolute-claim', 'blocks.0.subtitle', /「100%」/),
  ],
  [
    'a treatment claim on a promotional page of an unregistered product',
    (s) => (jsonOf(s, MARKETING).title = '消炎止痛的艾条'),
    find(MARKETING, 'moxa-stick', 'medical-claim', 'title', /「消炎」/),
  ],
  [
    'a video promising a cure',
    (s) => (fieldsOf(s, VIDEO).title = '特效温和灸'),
    find(VIDEO, 'how-to', 'cure-promise', 'title', /「特效」/),
  ],
  [
    'a video beside a product that speaks of a disease',
    (s) => {
      fieldsOf(s, VIDEO).products = ['moxa-stick'];
      fieldsOf(s, VIDEO).summary = '温和灸帮助改善失眠';
    },
    find(VIDEO, 'how-to', 'video-product-disease', 'summary', /「失眠」/),
  ],
  [
    'smokeless moxa without the ventilation fact',
    (s) => (markdownOf(s, DISEASE).body += '家里不方便开窗可以用无烟艾条。'),
    find(DISEASE, 'cold-stomach', 'ventilation', 'body', /\{\{safety:ventilation\}\}/),
  ],
  [
    'no airing needed',
    (s) => (fieldsOf(s, DISEASE).cautions = ['无烟艾条无需通风']),
    find(DISEASE, 'cold-stomach', 'ventilation', 'cautions.0', /一氧化碳/),
  ],
  [
    'self-harm without the crisis line',
    (s) => (markdownOf(s, NOTICE).body += '如果长期情绪低落、有伤害自己的念头，请告诉家人。'),
    find(NOTICE, 'before-moxa', 'crisis', 'body', /\{\{safety:crisis\}\}/),
  ],
  [
    'moxa in pregnancy allowed without the pregnancy fact',
    (s) => (markdownOf(s, NOTICE).body += '怀孕后可以灸足三里。'.replace('怀孕后', '孕期')),
    find(NOTICE, 'before-moxa', 'pregnancy-warning', 'body', /\{\{safety:pregnancy\}\}/),
  ],
  [
    'an EX link that does not name its point',
    (s) => {
      (jsonOf(s, 'acupoints/ST.json') as unknown as object[]).push({ ...(jsonOf(s, 'acupoints/ST.json') as unknown as object[])[0]! });
      markdownOf(s, DISEASE).body += '见[印堂](acupoint:EX-HN1)。';
    },
    find(DISEASE, 'cold-stomach', 'ex-link-name', 'body', /穴名/),
  ],
];

describe('wording rules (issue #15, #16, #26)', () => {
  it.each(cases)('%s', (_name, edit, expected) => {
    expectFinding(checkEdited(edit), expected);
  });

  it('lets a product with a medical-device registration number say 治疗, and a page refer to the facts', () => {
    const findings = checkEdited((s) => {
      fieldsOf(s, PRODUCT).registrationNo = '粤械注准20232090001';
      fieldsOf(s, PRODUCT).summary = '用于缓解颈肩疼痛的辅助治疗';
      markdownOf(s, NOTICE).body += '可以用无烟艾条，但同样要通风：{{safety:ventilation}}。';
      fieldsOf(s, DISEASE).summary = '温和灸帮助调理、缓解胃寒';
    });
    expect(findings).toEqual([]);
  });
});

describe('superlatives in product ads (《广告法》 §9)', () => {
  it('flags another 最… word as advice, not blocking', () => {
    const findings = checkEdited((s) => (fieldsOf(s, PRODUCT).summary = '最受欢迎的艾条'));
    expectFinding(findings, { ...find(PRODUCT, 'moxa-stick', 'superlative', 'summary', /「最受欢迎」带“最”字/), blocking: false });
  });
  it('leaves 最多 and 最近 alone', () => {
    expect(checkEdited((s) => (fieldsOf(s, PRODUCT).summary = '最近上新，一次最多点两支'))).toEqual([]);
  });
});

describe('everyday names (issue #26)', () => {
  it('keeps cure promises off the names people type', () => {
    const findings = checkEdited((s) => {
      s['diseases/everyday-names.json'] = { 'cold-stomach': ['胃寒根治'] };
    });
    expect(findings).toContainEqual(
      expect.objectContaining({ file: 'diseases/everyday-names.json', itemId: null, rule: 'cure-promise', blocking: true }),
    );
  });
});
