import { describe, expect, it } from 'vitest';
import { checkEdited, DISEASE, expectFinding, fieldsOf, markdownOf, type Expected, type FixtureSources } from './test-fixtures.ts';

/** References lead somewhere, ids and names are unique, articles are real (issue #14, #15, #29). */
const NOTICE = 'notices/before-moxa.md';
const PROBLEM = 'problems/how-long.md';
const find = (file: string, itemId: string, rule: string, field: string, message: RegExp, blocking = true): Expected => ({
  file,
  itemId,
  rule,
  field,
  message,
  blocking,
});

const cases: [string, (s: FixtureSources) => void, Expected][] = [
  [
    'a condition in a group that does not exist',
    (s) => (fieldsOf(s, DISEASE).group = 'no-such'),
    find(DISEASE, 'cold-stomach', 'unknown-reference', 'group', /病症分组「no-such」不存在/),
  ],
  [
    'a link to a point that does not exist',
    (s) => (markdownOf(s, DISEASE).body += '配合[某穴](acupoint:ST99)。'),
    find(DISEASE, 'cold-stomach', 'broken-link', 'body', /acupoint:ST99/),
  ],
  [
    'a condition linking a product',
    (s) => (markdownOf(s, DISEASE).body += '可用[艾条](product:moxa-stick)。'),
    find(DISEASE, 'cold-stomach', 'link-kind', 'body', /不能链接到产品/),
  ],
  [
    'a condition overview too short',
    (s) => (markdownOf(s, DISEASE).body = '胃寒怕冷。'),
    find(DISEASE, 'cold-stomach', 'body-too-short', 'body', /至少写 70 个字/),
  ],
  [
    'a notice related to itself',
    (s) => (fieldsOf(s, NOTICE).related = ['before-moxa']),
    find(NOTICE, 'before-moxa', 'related', 'related.0', /不能是它自己/),
  ],
  [
    'a Q&A in a topic that does not exist',
    (s) => (fieldsOf(s, PROBLEM).topic = 'no-such'),
    find(PROBLEM, 'how-long', 'unknown-reference', 'topic', /问答分类/),
  ],
  [
    'an id that differs from the file name',
    (s) => (fieldsOf(s, PROBLEM).id = 'how-long-2'),
    find(PROBLEM, 'how-long', 'id-mismatch', 'id', /文件名/),
  ],
  [
    'two conditions with one name',
    (s) => {
      s['diseases/warm-stomach.md'] = {
        fields: { ...fieldsOf(s, DISEASE), id: 'warm-stomach', position: 2 },
        body: markdownOf(s, DISEASE).body,
      };
    },
    find('diseases/warm-stomach.md', 'warm-stomach', 'unique-name', 'name', /「胃寒」已被 cold-stomach 使用/),
  ],
  [
    'a video about a condition that does not exist',
    (s) => (fieldsOf(s, 'videos/how-to.md').diseases = ['no-such']),
    find('videos/how-to.md', 'how-to', 'unknown-reference', 'diseases.0', /关联的病症「no-such」不存在/),
  ],
  [
    'a video shorter than 20 s',
    (s) => (fieldsOf(s, 'videos/how-to.md').duration = 10),
    find('videos/how-to.md', 'how-to', 'video-duration', 'duration', /20 秒/),
  ],
  [
    'an ASCII comma in a point page (blocking there)',
    (s) => ((s['acupoints/ST.json'] as { moxa: { note: string } }[])[0]!.moxa.note = '常用保健穴,可长期施灸。'),
    find('acupoints/ST.json', 'ST36', 'full-width', 'moxa.note', /全角逗号/),
  ],
  [
    'an ASCII comma in a notice (advice only)',
    (s) => (markdownOf(s, NOTICE).body += '先准备,再施灸。'),
    find(NOTICE, 'before-moxa', 'full-width', 'body', /全角逗号/, false),
  ],
];

describe('reference and consistency rules (issue #14, #15)', () => {
  it.each(cases)('%s', (_name, edit, expected) => {
    expectFinding(checkEdited(edit), expected);
  });

  it('accepts links to existing items of the allowed kinds', () => {
    const findings = checkEdited((s) => {
      markdownOf(s, DISEASE).body += '另见[施灸前准备](notice:before-moxa)和[每次灸多久](problem:how-long)。';
      fieldsOf(s, NOTICE).related = [];
    });
    expect(findings).toEqual([]);
  });
});
