import { describe, expect, it } from 'vitest';
import { checkEdited, DISEASE, expectFinding, fieldsOf, markdownOf, type Expected, type FixtureSources } from './test-fixtures.ts';

/** Declared safety facts are referred to, never retyped (issue #26, #29). */
const onDisease = (rule: string, field: string, message: RegExp): Expected => ({
  file: DISEASE,
  itemId: 'cold-stomach',
  rule,
  field,
  message,
});
const NOTICE = 'notices/before-moxa.md';

const cases: [string, (s: FixtureSources) => void, Expected][] = [
  [
    'the fever threshold retyped',
    (s) => fieldsOf(s, DISEASE).contraindications.push('体温超过37.5℃时不灸'),
    onDisease(
      'retyped-safety-fact',
      'contraindications.2',
      /「体温超过37.5℃」重复写了已声明的安全规定（发热时暂停施灸），请改为引用 \{\{safety:fever\}\}/,
    ),
  ],
  [
    'the distance retyped',
    (s) => (fieldsOf(s, DISEASE).prescription.points[0].distance = '离皮肤2～3厘米'),
    onDisease('retyped-safety-fact', 'prescription.points.0.distance', /\{\{safety:distance\}\}/),
  ],
  [
    'the extinguishing time retyped',
    (s) => (markdownOf(s, NOTICE).body += '用完把艾条放进灭艾筒熄灭，等20分钟再收起。'),
    { file: NOTICE, itemId: 'before-moxa', rule: 'retyped-safety-fact', field: 'body', message: /\{\{safety:extinguish\}\}/ },
  ],
  [
    'a blood pressure limit retyped',
    (s) => fieldsOf(s, DISEASE).cautions.push('血压高于150/95时不灸'),
    onDisease('retyped-safety-fact', 'cautions.1', /\{\{safety:blood-pressure\}\}/),
  ],
  [
    'the crisis line retyped',
    (s) => fieldsOf(s, DISEASE).cautions.push('可拨打12356'),
    onDisease('retyped-safety-fact', 'cautions.1', /\{\{safety:crisis\}\}/),
  ],
  [
    'a placeholder that names no fact',
    (s) => fieldsOf(s, DISEASE).cautions.push('{{safety:fevers}}'),
    onDisease('unknown-safety-fact', 'cautions.1', /「\{\{safety:fevers\}\}」不是已声明的安全规定/),
  ],
  [
    'a placeholder value that does not exist',
    (s) => fieldsOf(s, DISEASE).cautions.push('离皮肤{{safety:distance.far}}'),
    onDisease('unknown-safety-fact', 'cautions.1', /没有 far/),
  ],
  [
    'a price placeholder on a condition page',
    (s) => fieldsOf(s, DISEASE).cautions.push('灸盒{{price}}'),
    onDisease('unknown-placeholder', 'cautions.1', /只能用在产品页/),
  ],
  [
    'a per-point time above the cap',
    (s) => fieldsOf(s, DISEASE).cautions.push('每个穴位灸30分钟'),
    onDisease('session-caps', 'cautions.1', /20 分钟/),
  ],
  [
    'a session time above the cap',
    (s) => fieldsOf(s, DISEASE).cautions.push('一次总时间2小时'),
    onDisease('session-caps', 'cautions.1', /60 分钟/),
  ],
];

describe('safety-fact rules (issue #26)', () => {
  it.each(cases)('%s', (_name, edit, expected) => {
    expectFinding(checkEdited(edit), expected);
  });

  it('accepts the facts by placeholder and the stated caps', () => {
    const findings = checkEdited((s) => {
      fieldsOf(s, DISEASE).cautions.push(
        '{{safety:extinguish}}',
        '{{safety:blood-pressure}}',
        '每个穴位灸10分钟',
        '离皮肤{{safety:distance.gentle}}',
      );
    });
    expect(findings).toEqual([]);
  });

  it('reports a retyped fact in a file of no item (the everyday names) on the file', () => {
    const tree = checkEdited((s) => {
      s['diseases/everyday-names.json'] = { 'cold-stomach': ['发烧38℃以上'] };
    });
    expect(tree).toContainEqual(
      expect.objectContaining({ file: 'diseases/everyday-names.json', itemId: null, rule: 'retyped-safety-fact' }),
    );
  });
});
