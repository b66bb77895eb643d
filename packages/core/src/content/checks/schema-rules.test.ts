import { describe, expect, it } from 'vitest';
import { checkEdited, DISEASE, expectFinding, fieldsOf, jsonOf, PRODUCT, type Expected, type FixtureSources } from './test-fixtures.ts';

/** Each item against its kind's schema, every problem on its own field, in plain Chinese (issue #29 "schema"). */
const cases: [string, (s: FixtureSources) => void, Expected][] = [
  [
    'a product without a name',
    (s) => delete fieldsOf(s, PRODUCT).name,
    { file: PRODUCT, itemId: 'moxa-stick', rule: 'schema', field: 'name', message: /^缺少这一项，请填写$/ },
  ],
  [
    'a price that is not a number',
    (s) => (fieldsOf(s, PRODUCT).price = '三十九'),
    { file: PRODUCT, itemId: 'moxa-stick', rule: 'schema', field: 'price', message: /应填数字/ },
  ],
  [
    'a summary too long',
    (s) => (fieldsOf(s, PRODUCT).summary = '三年陈艾绒'.repeat(30)),
    { file: PRODUCT, itemId: 'moxa-stick', rule: 'schema', field: 'summary', message: /太长了，最多 \d+ 个字/ },
  ],
  [
    'a moxibustion method that is not one of the list',
    (s) => (fieldsOf(s, DISEASE).prescription.points[0].method = '火龙灸'),
    { file: DISEASE, itemId: 'cold-stomach', rule: 'schema', field: 'prescription.points.0.method', message: /^只能填：.*艾条温和灸/ },
  ],
  [
    'a promotional page with too few blocks',
    (s) => jsonOf(s, 'product-marketing/moxa-stick.json').blocks.splice(1, 1),
    { file: 'product-marketing/moxa-stick.json', itemId: 'moxa-stick', rule: 'schema', field: 'blocks', message: /至少要有 4 项/ },
  ],
];

describe('schema rule (issue #29)', () => {
  it.each(cases)('%s', (_name, edit, expected) => {
    expectFinding(checkEdited(edit), expected);
  });

  it('checks a field as shown: a safety placeholder counts as the fact it renders', () => {
    const findings = checkEdited((s) => (fieldsOf(s, DISEASE).prescription.points[0].distance = '离皮肤{{safety:distance}}'));
    expect(findings).toContainEqual(
      expect.objectContaining({
        rule: 'schema',
        field: 'prescription.points.0.distance',
        message: expect.stringMatching(/太长了/) as unknown,
      }),
    );
  });
});
