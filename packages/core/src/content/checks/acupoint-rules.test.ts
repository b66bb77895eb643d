import { describe, expect, it } from 'vitest';
import { checkEdited, expectFinding, jsonOf, pointIn, type Expected, type FixtureSources } from './test-fixtures.ts';

/** Each acupoint, meridian and chart rule fires on the slip it guards against, on the right field (issue #15, #26, #29). */
const at = (file: string, itemId: string, rule: string, field: string, message: RegExp): Expected => ({
  file,
  itemId,
  rule,
  field,
  message,
});
const ST = 'acupoints/ST.json';

const cases: [string, (s: FixtureSources) => void, Expected][] = [
  [
    'an eye point made suitable',
    (s) => (pointIn(s, 'BL1').moxa.level = 'caution'),
    at('acupoints/BL.json', 'BL1', 'point-forbidden', 'moxa.level', /「睛明」.*禁灸/),
  ],
  [
    'a forbidden point given a method',
    (s) => (pointIn(s, 'BL1').moxa.methods = ['艾条温和灸']),
    at('acupoints/BL.json', 'BL1', 'point-no-home-method', 'moxa.methods', /施灸方法须留空/),
  ],
  [
    'an abdominal point without 孕妇禁灸',
    (s) => (pointIn(s, 'ST25').cautions = ['急性腹痛应先就医']),
    at(ST, 'ST25', 'point-pregnancy', 'cautions', /孕妇禁灸/),
  ],
  [
    'an abdominal point that says 孕妇慎灸',
    (s) => pointIn(s, 'ST25').cautions.push('孕妇慎灸'),
    at(ST, 'ST25', 'point-pregnancy', 'cautions.2', /不要写“孕妇慎灸/),
  ],
  [
    'a pregnancy-banned point without the ban',
    (s) => (pointIn(s, 'SP6').cautions = ['月经量多时暂停施灸']),
    at('acupoints/SP.json', 'SP6', 'point-pregnancy', 'cautions', /「三阴交」.*孕妇禁灸/),
  ],
  [
    'a foot point without the diabetic-feet rule',
    (s) => (pointIn(s, 'KI1').cautions = ['皮肤破损处不宜施灸']),
    at('acupoints/KI.json', 'KI1', 'diabetic-feet', 'cautions', /糖尿病/),
  ],
  [
    'a foot point with the 看护 workaround',
    (s) => pointIn(s, 'KI1').cautions.push('糖尿病患者须有人看护'),
    at('acupoints/KI.json', 'KI1', 'diabetic-feet', 'cautions.1', /变通做法/),
  ],
  [
    'a face point given a home time',
    (s) => (pointIn(s, 'GB14').moxa.minutes = '3～5分钟'),
    at('acupoints/GB.json', 'GB14', 'face-neck', 'moxa.minutes', /「阳白」.*面部或颈前/),
  ],
  [
    'a face point whose note does not refer to the rule',
    (s) => (pointIn(s, 'GB14').moxa.note = '可悬灸，时间宜短。'),
    at('acupoints/GB.json', 'GB14', 'face-neck', 'moxa.note', /\{\{safety:face-neck\}\}/),
  ],
  [
    'a face point with a long tail after the rule',
    (s) => (pointIn(s, 'GB14').moxa.note = '{{safety:face-neck}}。可轻轻按揉。也可以请家人帮忙。'),
    at('acupoints/GB.json', 'GB14', 'face-neck', 'moxa.note', /最多再写一句/),
  ],
  [
    'fever: only a high one',
    (s) => pointIn(s, 'ST36').cautions.push('高热时不宜施灸'),
    at(ST, 'ST36', 'fever', 'cautions.1', /发热时一律暂停/),
  ],
  [
    'a temperature of its own',
    (s) => (pointIn(s, 'ST36').moxa.note = '皮肤约42℃即可。'),
    at(ST, 'ST36', 'own-temperature', 'moxa.note', /「42℃」/),
  ],
  [
    'a distance of its own',
    (s) => (pointIn(s, 'ST36').moxa.note = '艾条离皮肤3厘米。'),
    at(ST, 'ST36', 'own-distance', 'moxa.note', /\{\{safety:distance/),
  ],
  ['bare 脚气', (s) => pointIn(s, 'ST36').indications.push('脚气'), at(ST, 'ST36', 'point-wording', 'indications.2', /足癣/)],
  [
    '瘰疬 without a diagnosis first',
    (s) => pointIn(s, 'ST36').indications.push('瘰疬'),
    at(ST, 'ST36', 'point-see-doctor', 'cautions', /颈部肿块须先就医/),
  ],
  ['an old term', (s) => pointIn(s, 'ST36').indications.push('齿痛'), at(ST, 'ST36', 'plain-terms', 'indications.2', /「齿痛」.*“牙痛”/)],
  [
    'a known special point losing its category',
    (s) => (pointIn(s, 'ST36').categories = ['合穴']),
    at(ST, 'ST36', 'point-categories', 'categories', /下合穴/),
  ],
  ['pinyin that does not match the name', (s) => (pointIn(s, 'ST36').pinyin = 'zusanli'), at(ST, 'ST36', 'point-pinyin', 'pinyin', /拼音/)],
  [
    'a suitable point without minutes',
    (s) => (pointIn(s, 'ST36').moxa.minutes = ''),
    at(ST, 'ST36', 'point-incomplete', 'moxa.minutes', /施灸时间/),
  ],
  ['two points with one name', (s) => (pointIn(s, 'ST25').name = '足三里'), at(ST, 'ST25', 'point-unique', 'name', /重名/)],
  ['a point off the chart', (s) => delete jsonOf(s, 'charts/points.json').ST36, at(ST, 'ST36', 'chart', '', /穴位图/)],
  [
    'a chart mark outside the figure',
    (s) => (jsonOf(s, 'charts/points.json').ST36 = { view: 'front', x: 500, y: 50 }),
    at(ST, 'ST36', 'chart', '', /超出/),
  ],
  [
    'a meridian tip naming a face point without 不灸',
    (s) => ((jsonOf(s, 'meridians.json') as unknown as { moxaTips: string }[])[0]!.moxaTips = '阳白可温和灸。'),
    at('meridians.json', 'ST', 'face-neck', 'moxaTips', /「阳白」/),
  ],
  [
    'a meridian tip that says 孕妇慎灸',
    (s) => ((jsonOf(s, 'meridians.json') as unknown as { moxaTips: string }[])[0]!.moxaTips = '腹部诸穴孕妇慎用。'),
    at('meridians.json', 'ST', 'point-pregnancy', 'moxaTips', /孕妇禁灸/),
  ],
];

describe('acupoint and meridian rules (issue #15, #26)', () => {
  it.each(cases)('%s', (_name, edit, expected) => {
    expectFinding(checkEdited(edit), expected);
  });

  it('accepts what the rules ask for: 孕期禁灸 wording, the diabetic-feet placeholder, a face point that refers to the rule', () => {
    const findings = checkEdited((s) => {
      pointIn(s, 'KI1').cautions = ['{{safety:diabetic-feet}}'];
      pointIn(s, 'GB14').moxa.note = '{{safety:face-neck}}。';
      (jsonOf(s, 'meridians.json') as unknown as { moxaTips: string }[])[0]!.moxaTips = '足三里可长期施灸；面部的阳白不施灸。';
    });
    expect(findings).toEqual([]);
  });
});
