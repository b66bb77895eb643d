import { describe, expect, it } from 'vitest';
import { checkContent, findingsFor, introducedBy } from './index.ts';
import { checkEdited, DISEASE, fieldsOf, fixtureSources, fixtureTree, markdownOf, pointIn, PRODUCT } from './test-fixtures.ts';

describe('checkContent (issue #29)', () => {
  it('finds nothing in a correct tree', () => {
    expect(checkContent(fixtureTree())).toEqual([]);
  });

  it('reports a file it cannot read instead of throwing, naming the file', () => {
    const tree = fixtureTree();
    tree.set('acupoints/ST.json', '[{"code": "ST36",');
    tree.set('notices/before-moxa.md', '没有字段区的正文');
    const findings = checkContent(tree);
    expect(findings).toContainEqual(expect.objectContaining({ file: 'acupoints/ST.json', itemId: null, rule: 'syntax', blocking: true }));
    expect(findings).toContainEqual(
      expect.objectContaining({ file: 'notices/before-moxa.md', rule: 'syntax', message: expect.stringMatching(/---/) as unknown }),
    );
  });

  it('reads placeholders in YAML flow maps as written', () => {
    const findings = checkEdited((s) => {
      markdownOf(s, PRODUCT).fields.specs = [
        { name: '温度', value: '约{{safety:heated-device.lowTemp}}，不超过{{safety:heated-device.skinMax}}' },
      ];
    });
    expect(findings.filter((f) => f.rule === 'syntax')).toEqual([]);
  });

  it('gives the same findings on the same tree, quickly the second time (parsed files are kept)', () => {
    const tree = fixtureTree(fixtureSources());
    const first = checkContent(tree);
    const t0 = performance.now();
    expect(checkContent(new Map(tree))).toEqual(first);
    expect(performance.now() - t0).toBeLessThan(300);
  });

  it('tells the findings a draft brings in, including on another item, from those it found already', () => {
    const published = checkEdited((s) => (fieldsOf(s, DISEASE).summary = '可根治胃寒'));
    const draft = checkEdited((s) => {
      fieldsOf(s, DISEASE).summary = '可根治胃寒';
      pointIn(s, 'ST36').moxa.level = 'forbidden';
      pointIn(s, 'ST36').moxa.methods = [];
    });
    const added = introducedBy(published, draft);
    expect(added.map((f) => f.rule)).not.toContain('cure-promise');
    expect(added).toContainEqual(expect.objectContaining({ file: DISEASE, rule: 'forbidden-point', field: 'prescription.points.0.code' }));
    expect(findingsFor(draft, DISEASE, 'cold-stomach').map((f) => f.rule)).toEqual(
      expect.arrayContaining(['cure-promise', 'forbidden-point']),
    );
  });
});
