import { describe, expect, it } from 'vitest';
import { diffSources } from './source-diff.tsx';

const md = (price: number, body: string) => ({ format: 'markdown' as const, fields: { price, title: '全家温养套装' }, body });

describe('diffSources (issue #29 versions)', () => {
  it('shows what changed with a few lines around it, folding the rest', () => {
    const body = Array.from({ length: 30 }, (_, i) => `第 ${i + 1} 行`).join('\n');
    const lines = diffSources(md(398, body), md(368, body.replace('第 20 行', '第 20 行（改）')));
    expect(lines.filter((l) => l.kind === 'removed').map((l) => l.text)).toEqual(['  "price": 398,', '第 20 行']);
    expect(lines.filter((l) => l.kind === 'added').map((l) => l.text)).toEqual(['  "price": 368,', '第 20 行（改）']);
    const folds = lines.filter((l) => l.kind === 'fold');
    expect(folds.length).toBe(2);
    expect(folds[0]!.text).toMatch(/^… \d+ 行未改动 …$/);
    expect(lines.length).toBeLessThan(25);
  });

  it('says nothing changed for equal sources', () => {
    expect(diffSources(md(1, 'a'), md(1, 'a')).every((l) => l.kind === 'same' || l.kind === 'fold')).toBe(true);
  });
});
