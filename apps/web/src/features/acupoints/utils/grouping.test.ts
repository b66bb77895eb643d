import { describe, expect, it } from 'vitest';
import { groupBy, groupByChartView, groupByMeridian, groupByRegion, regionLabel } from './grouping.ts';

describe('grouping helpers', () => {
  it('groups in the given order, then first appearance, keeping item order', () => {
    const g = groupBy(['b1', 'a1', 'c1', 'a2'], (s) => s[0]!, ['a', 'x']);
    expect(g).toEqual([
      { key: 'a', items: ['a1', 'a2'] },
      { key: 'b', items: ['b1'] },
      { key: 'c', items: ['c1'] },
    ]);
  });

  it('groups points by region head to foot', () => {
    const pts = [
      { code: 'ST36', region: 'lower_limb' },
      { code: 'GV20', region: 'head' },
      { code: 'CV4', region: 'abdomen' },
      { code: 'CV6', region: 'abdomen' },
    ];
    expect(groupByRegion(pts).map((g) => [g.key, g.items.map((p) => p.code)])).toEqual([
      ['head', ['GV20']],
      ['abdomen', ['CV4', 'CV6']],
      ['lower_limb', ['ST36']],
    ]);
    expect(regionLabel('abdomen')).toBe('腹部');
    expect(regionLabel('unknown')).toBe('unknown');
  });

  it('groups points by meridian in list order', () => {
    const pts = [{ meridian: 'LU' }, { meridian: 'LU' }, { meridian: 'ST' }, { meridian: 'EX' }];
    expect(groupByMeridian(pts).map((g) => [g.key, g.items.length])).toEqual([
      ['LU', 2],
      ['ST', 1],
      ['EX', 1],
    ]);
  });

  it('groups a meridian by chart view in the order it reaches them, leaving out unmarked points', () => {
    const pts = [
      { code: 'GB1', name: '瞳子髎', chart: { view: 'head_side', x: 1, y: 1 } },
      { code: 'GB2', name: '听会', chart: null },
      { code: 'GB21', name: '肩井', chart: { view: 'back', x: 2, y: 2 } },
      { code: 'GB30', name: '环跳', chart: { view: 'side', x: 3, y: 3 } },
      { code: 'GB3', name: '上关', chart: { view: 'head_side', x: 4, y: 4 } },
    ];
    const g = groupByChartView(pts);
    expect(g.map((x) => [x.key, x.items.map((p) => p.code)])).toEqual([
      ['head_side', ['GB1', 'GB3']],
      ['back', ['GB21']],
      ['side', ['GB30']],
    ]);
  });
});
