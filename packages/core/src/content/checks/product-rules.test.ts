import { describe, expect, it } from 'vitest';
import {
  checkEdited,
  expectFinding,
  fieldsOf,
  jsonOf,
  MARKETING,
  markdownOf,
  PRODUCT,
  type Expected,
  type FixtureSources,
} from './test-fixtures.ts';

/** Products and promotional pages (issue #16, #26, #29). */
const onProduct = (rule: string, field: string, message: RegExp): Expected => ({
  file: PRODUCT,
  itemId: 'moxa-stick',
  rule,
  field,
  message,
});
const onPage = (rule: string, field: string, message: RegExp): Expected => ({
  file: MARKETING,
  itemId: 'moxa-stick',
  rule,
  field,
  message,
});

const cases: [string, (s: FixtureSources) => void, Expected][] = [
  [
    'a price typed into the body',
    (s) => (markdownOf(s, PRODUCT).body = markdownOf(s, PRODUCT).body.replace('{{price}}', '39元')),
    onProduct('typed-price', 'body', /「39元」：价格不要写在文字里，请写 \{\{price\}\}/),
  ],
  [
    'a ¥ amount typed into a promotional page',
    (s) => (jsonOf(s, MARKETING).blocks[1].title = '¥39 一盒'),
    onPage('typed-price', 'blocks.1.title', /「¥3」/),
  ],
  [
    'a price of a product that does not exist',
    (s) => (jsonOf(s, MARKETING).blocks[1].title = '{{price:no-such}} 一盒'),
    onPage('unknown-reference', 'blocks.1.title', /no-such/),
  ],
  [
    'no pregnancy in 不适合人群',
    (s) => (fieldsOf(s, PRODUCT).notSuits = ['皮肤破损处']),
    onProduct('product-not-suits', 'notSuits', /孕妇/),
  ],
  [
    'one caution only',
    (s) => (fieldsOf(s, PRODUCT).cautions = ['{{safety:fire}}']),
    onProduct('product-incomplete', 'cautions', /至少写 2 条/),
  ],
  [
    'a picture without a description',
    (s) => (fieldsOf(s, PRODUCT).images[1].alt = ''),
    onProduct('product-images', 'images.1.alt', /说明/),
  ],
  [
    'a Q&A that does not exist',
    (s) => (fieldsOf(s, PRODUCT).problems = ['no-such']),
    onProduct('unknown-reference', 'problems.0', /「no-such」不存在/),
  ],
  [
    'lit with fire, without the fire rule',
    (s) => (fieldsOf(s, PRODUCT).cautions = ['{{safety:ventilation}}', '用后放进灭艾筒']),
    onProduct('fire', 'cautions', /\{\{safety:fire\}\}/),
  ],
  ['an alcohol lamp', (s) => (fieldsOf(s, PRODUCT).usage = ['用酒精灯点燃一端', '对准穴位温和灸']), onProduct('fire', 'usage.0', /酒精灯/)],
  [
    'a heated product without the heated-device fact',
    (s) => (fieldsOf(s, PRODUCT).summary = '自发热艾草暖贴'),
    onProduct('heated-device', '', /\{\{safety:heated-device\}\}/),
  ],
  [
    'a heated product with a temperature of its own',
    (s) => {
      fieldsOf(s, PRODUCT).summary = '自发热艾草暖贴';
      fieldsOf(s, PRODUCT).cautions.push('{{safety:heated-device}}');
      fieldsOf(s, PRODUCT).spec = '贴身约50℃';
    },
    onProduct('heated-device', 'spec', /「0℃」|温度/),
  ],
  [
    'placed on the abdomen without the pregnancy fact',
    (s) => {
      fieldsOf(s, PRODUCT).notSuits = ['孕妇不用', '皮肤破损处'];
      fieldsOf(s, PRODUCT).usage = ['点燃一端', '放在腹部温灸'];
    },
    onProduct('pregnancy-warning', 'notSuits', /\{\{safety:pregnancy\}\}/),
  ],
  [
    'placed on the soles without the diabetic-feet fact',
    (s) => (fieldsOf(s, PRODUCT).usage = ['点燃一端', '对准脚底温灸']),
    onProduct('diabetic-feet', 'notSuits', /\{\{safety:diabetic-feet\}\}/),
  ],
  [
    'a promotional page that does not open with a hero',
    (s) => jsonOf(s, MARKETING).blocks.shift(),
    onPage('marketing-layout', 'blocks.0', /头图/),
  ],
  [
    'reviews written into content',
    (s) => jsonOf(s, MARKETING).blocks.splice(1, 0, { kind: 'reviews', title: '大家怎么说', items: [] }),
    onPage('no-reviews', 'blocks.1', /用户评价/),
  ],
];

describe('product rules (issue #16, #26)', () => {
  it.each(cases)('%s', (_name, edit, expected) => {
    expectFinding(checkEdited(edit), expected);
  });

  it('accepts prices from the fields and a heated product that refers to the declared limits', () => {
    const findings = checkEdited((s) => {
      fieldsOf(s, PRODUCT).summary = '自发热艾草暖贴';
      fieldsOf(s, PRODUCT).cautions.push('{{safety:heated-device}}');
      fieldsOf(s, PRODUCT).spec = '贴身温度约{{safety:heated-device.lowTemp}}';
      jsonOf(s, MARKETING).blocks[1].title = '{{price:moxa-stick}} 一盒';
    });
    expect(findings).toEqual([]);
  });
});

describe('reviews anywhere in a promotional page (issue #26 §18)', () => {
  it('refuses a reviews field outside the blocks too', () => {
    const findings = checkEdited((s) => {
      jsonOf(s, MARKETING).reviews = [{ name: '张女士', text: '好用' }];
    });
    expectFinding(findings, onPage('no-reviews', '', /用户评价/));
  });
});
