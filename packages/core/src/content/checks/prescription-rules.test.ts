import { describe, expect, it } from 'vitest';
import {
  checkEdited,
  DISEASE,
  expectFinding,
  fieldsOf,
  jsonOf,
  pointIn,
  SCHEMES,
  type Expected,
  type FixtureSources,
  type Obj,
} from './test-fixtures.ts';

/** Prescriptions agree with the points' own pages (issue #15, #26, #29). */
const onDisease = (rule: string, field: string, message: RegExp): Expected => ({
  file: DISEASE,
  itemId: 'cold-stomach',
  rule,
  field,
  message,
});
const onScheme = (rule: string, field: string, message: RegExp): Expected => ({ file: SCHEMES, itemId: 'schemes', rule, field, message });
const firstPoint = (s: FixtureSources): Obj => fieldsOf(s, DISEASE).prescription.points[0];
const schemePoint = (s: FixtureSources): Obj => (jsonOf(s, SCHEMES) as unknown as Obj[])[0]!.moxibustion.points[0];
const scheme = (s: FixtureSources): Obj => (jsonOf(s, SCHEMES) as unknown as Obj[])[0]!;

const cases: [string, (s: FixtureSources) => void, Expected][] = [
  [
    'a 禁灸 point prescribed for moxibustion',
    (s) => Object.assign(firstPoint(s), { code: 'BL1' }),
    onDisease('forbidden-point', 'prescription.points.0.code', /「睛明」是禁灸穴，不能写进艾灸处方/),
  ],
  [
    'a face point prescribed for moxibustion',
    (s) => Object.assign(firstPoint(s), { code: 'GB14' }),
    onDisease('face-neck', 'prescription.points.0.code', /「阳白」在面部或颈前/),
  ],
  [
    'a method the point does not allow',
    (s) => Object.assign(firstPoint(s), { method: '隔姜灸' }),
    onDisease('method-not-allowed', 'prescription.points.0.method', /没有“隔姜灸”/),
  ],
  [
    'longer than the point page allows',
    (s) => Object.assign(firstPoint(s), { minutes: 30 }),
    onDisease('minutes-above-page', 'prescription.points.0.minutes', /10～15分钟/),
  ],
  [
    'a point that does not exist',
    (s) => Object.assign(firstPoint(s), { code: 'ST99' }),
    onDisease('unknown-point', 'prescription.points.0.code', /「ST99」不是已有的穴位/),
  ],
  [
    'a point listed twice',
    (s) => fieldsOf(s, DISEASE).prescription.points.push({ ...firstPoint(s) }),
    onDisease('prescription-duplicate', 'prescription.points.1.code', /写了两次/),
  ],
  [
    'a caution point without a note',
    (s) => {
      pointIn(s, 'ST36').moxa.level = 'caution';
      delete firstPoint(s).note;
    },
    onDisease('caution-point-note', 'prescription.points.0.note', /慎灸穴/),
  ],
  [
    'more than 60 minutes in one session',
    (s) => {
      pointIn(s, 'ST36').moxa.minutes = '40～45分钟';
      fieldsOf(s, DISEASE).prescription.points = [
        { code: 'ST36', method: '艾条温和灸', minutes: 40, note: '' },
        { code: 'SP6', method: '艾条温和灸', minutes: 15, note: '' },
        { code: 'KI1', method: '艾条温和灸', distance: '', minutes: 10, note: '' },
      ];
      fieldsOf(s, DISEASE).contraindications.push('{{safety:diabetic-feet}}');
      fieldsOf(s, DISEASE).cautions.push('月经量多时暂停施灸');
    },
    onDisease('session-total', 'prescription.points', /65 分钟/),
  ],
  [
    'a pregnancy-sensitive point without a pregnancy warning',
    (s) => {
      fieldsOf(s, DISEASE).contraindications = ['饥饿时不灸'];
      fieldsOf(s, DISEASE).prescription.points.push({ code: 'SP6', method: '按揉', minutes: 3 });
    },
    onDisease('pregnancy-warning', 'contraindications', /孕妇/),
  ],
  [
    'a point banned in pregnancy prescribed without the pregnancy fact',
    (s) => {
      fieldsOf(s, DISEASE).contraindications = ['饥饿时不灸'];
      fieldsOf(s, DISEASE).patterns[0].addPoints = [];
      fieldsOf(s, DISEASE).prescription.points.push({ code: 'SP6', method: '艾条温和灸', minutes: 10, note: '孕妇禁灸' });
      fieldsOf(s, DISEASE).cautions.push('月经量多时暂停施灸');
    },
    onDisease('pregnancy-warning', 'contraindications', /「三阴交」是孕妇禁灸穴，处方用到它时，禁忌里须引用 \{\{safety:pregnancy\}\}/),
  ],
  [
    'a foot point without the diabetic-feet fact',
    (s) => fieldsOf(s, DISEASE).prescription.points.push({ code: 'KI1', method: '艾条温和灸', distance: '', minutes: 10, note: '' }),
    onDisease('diabetic-feet', 'contraindications', /\{\{safety:diabetic-feet\}\}/),
  ],
  [
    'a point that pauses in heavy periods, not said',
    (s) => fieldsOf(s, DISEASE).prescription.points.push({ code: 'SP6', method: '艾条温和灸', minutes: 10, note: '' }),
    onDisease('heavy-periods', 'cautions', /月经量多时暂停/),
  ],
  [
    'a point that pauses in fever, without the fever fact',
    (s) => pointIn(s, 'ST36').cautions.push('发热时暂停施灸'),
    onDisease('fever', 'contraindications', /\{\{safety:fever\}\}/),
  ],
  [
    'a 禁灸 point added by a pattern',
    (s) => (fieldsOf(s, DISEASE).patterns[0].addPoints = ['BL1']),
    onDisease('forbidden-point', 'patterns.0.addPoints.0', /「睛明」是禁灸穴/),
  ],
  [
    'a cold-damp-only point added in a heat pattern',
    (s) => {
      pointIn(s, 'ST25').moxa.note = '属寒湿者可灸，湿热者以按揉为主。';
      fieldsOf(s, DISEASE).patterns[0].name = '胃热';
    },
    onDisease('cold-damp-only', 'patterns.0.addPoints.0', /寒湿/),
  ],
  [
    'a red flag without 就医',
    (s) => (fieldsOf(s, DISEASE).redFlags = ['呕血或解黑便']),
    onDisease('red-flag-doctor', 'redFlags.0', /就医/),
  ],
  [
    'a product session moxibusting a 禁灸 point',
    (s) =>
      (fieldsOf(s, 'products/moxa-stick.md').session = {
        title: '跟着灸',
        points: [{ code: 'BL1', method: '艾条温和灸', minutes: 5 }],
        frequency: '每日1次',
      }),
    {
      file: 'products/moxa-stick.md',
      itemId: 'moxa-stick',
      rule: 'forbidden-point',
      field: 'session.points.0.code',
      message: /「睛明」是禁灸穴/,
    },
  ],
  [
    'a scheme using a 禁灸 point',
    (s) => Object.assign(schemePoint(s), { code: 'BL1' }),
    onScheme('forbidden-point', '0.moxibustion.points.0.code', /「睛明」是禁灸穴/),
  ],
  [
    'a scheme longer than the page',
    (s) => Object.assign(schemePoint(s), { minutes: '20～30分钟' }),
    onScheme('minutes-above-page', '0.moxibustion.points.0.minutes', /10～15分钟/),
  ],
  [
    'a heat-type scheme moxibusting a point the page keeps from heat',
    (s) => {
      scheme(s).type = 'shire';
      pointIn(s, 'ST36').cautions.push('实热证不宜灸');
    },
    onScheme('heat-scheme', '0.moxibustion.points.0.method', /只能按揉/),
  ],
  [
    'a scheme without the distance fact',
    (s) => (scheme(s).cautions = ['{{safety:pregnancy}}', '{{safety:fever}}', '症状持续请及时就医']),
    onScheme('scheme-facts', '0.cautions', /\{\{safety:distance\}\}/),
  ],
  [
    'a scheme mentioning smokeless moxa without ventilation',
    (s) => (scheme(s).moxibustion.summary = '可用无烟艾条'),
    onScheme('ventilation', '0.cautions', /\{\{safety:ventilation\}\}/),
  ],
  [
    'a questionnaire item that is not a question',
    (s) => (jsonOf(s, 'constitution/questionnaire.json').questions[0].text = '容易疲乏'),
    {
      file: 'constitution/questionnaire.json',
      itemId: 'questionnaire',
      rule: 'question-wording',
      field: 'questions.0.text',
      message: /问句/,
    },
  ],
];

describe('prescription and scheme rules (issue #15, #26)', () => {
  it.each(cases)('%s', (_name, edit, expected) => {
    expectFinding(checkEdited(edit), expected);
  });

  it('lets a 禁灸 point be pressed (按揉), and a foot point be moxibusted with the facts given', () => {
    const findings = checkEdited((s) => {
      fieldsOf(s, DISEASE).prescription.points.push({ code: 'BL1', method: '按揉', distance: '', minutes: 2 });
      fieldsOf(s, DISEASE).prescription.points.push({ code: 'KI1', method: '艾条温和灸', distance: '', minutes: 10, note: '' });
      fieldsOf(s, DISEASE).contraindications.push('{{safety:diabetic-feet}}');
    });
    expect(findings).toEqual([]);
  });
});
