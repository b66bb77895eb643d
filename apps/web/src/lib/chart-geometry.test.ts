import { describe, expect, it } from 'vitest';
import { consecutiveRuns, fitBox, focusBox, isTallView, labelledDots, viewBoxAttr } from './chart-geometry.ts';

const body = { width: 300, height: 640 };
const inside = (b: { x: number; y: number; width: number; height: number }, v: { width: number; height: number }) =>
  b.x >= 0 && b.y >= 0 && b.x + b.width <= v.width + 1e-9 && b.y + b.height <= v.height + 1e-9;

describe('chart geometry', () => {
  it('focuses a tall figure on the point, inside the figure', () => {
    const mid = focusBox(body, { x: 150, y: 320 });
    expect(mid.width).toBe(300);
    expect(mid.height).toBeCloseTo(345);
    expect(mid.y + mid.height / 2).toBeCloseTo(320);
    const top = focusBox(body, { x: 150, y: 10 });
    expect(top.y).toBe(0);
    const bottom = focusBox(body, { x: 150, y: 635 });
    expect(bottom.y + bottom.height).toBeCloseTo(640);
  });

  it('shows close-up figures (head, hand, foot) whole', () => {
    expect(isTallView(body)).toBe(true);
    expect(isTallView({ width: 240, height: 320 })).toBe(false);
    expect(focusBox({ width: 240, height: 320 }, { x: 10, y: 10 })).toEqual({ x: 0, y: 0, width: 240, height: 320 });
    expect(fitBox({ width: 240, height: 320 }, [{ x: 100, y: 100 }])).toEqual({ x: 0, y: 0, width: 240, height: 320 });
  });

  it('fits a set of points with margin, inside the figure', () => {
    const pts = [
      { x: 75, y: 130 },
      { x: 80, y: 350 },
    ];
    const b = fitBox(body, pts);
    expect(inside(b, body)).toBe(true);
    for (const p of pts) {
      expect(p.x).toBeGreaterThan(b.x);
      expect(p.x).toBeLessThan(b.x + b.width);
      expect(p.y).toBeGreaterThan(b.y);
      expect(p.y).toBeLessThan(b.y + b.height);
    }
    expect(b.height / b.width).toBeLessThanOrEqual(1.6 + 1e-9);
  });

  it('never zooms in on a single point too far, and shows the whole figure for no points', () => {
    const b = fitBox(body, [{ x: 150, y: 40 }]);
    expect(b.width).toBeGreaterThanOrEqual(0.55 * 300 - 1e-9);
    expect(b.height).toBeGreaterThanOrEqual(0.55 * 640 - 1e-9);
    expect(inside(b, body)).toBe(true);
    expect(fitBox(body, [])).toEqual({ x: 0, y: 0, width: 300, height: 640 });
  });

  it('formats a viewBox attribute', () => {
    expect(viewBoxAttr({ x: 0, y: 147.5, width: 300, height: 345.04 })).toBe('0 147.5 300 345');
  });
});

describe('labelledDots', () => {
  it('labels the ends and thins out crowded dots', () => {
    const pts = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 20, y: 0 },
      { x: 21, y: 0 },
      { x: 40, y: 0 },
    ];
    expect(labelledDots(pts, 10)).toEqual([true, false, true, false, true]);
  });

  it('labels everything when dots are far apart, and handles tiny lists', () => {
    expect(
      labelledDots(
        [
          { x: 0, y: 0 },
          { x: 50, y: 0 },
          { x: 100, y: 0 },
        ],
        10,
      ),
    ).toEqual([true, true, true]);
    expect(labelledDots([{ x: 0, y: 0 }], 10)).toEqual([true]);
    expect(labelledDots([], 10)).toEqual([]);
  });
});

describe('consecutiveRuns', () => {
  it('splits where the meridian order jumps', () => {
    const o = (...n: number[]) => n.map((order) => ({ order }));
    expect(consecutiveRuns(o(21, 22, 24, 25, 26, 30)).map((r) => r.map((p) => p.order))).toEqual([[21, 22], [24, 25, 26], [30]]);
    expect(consecutiveRuns(o(1, 2, 3))).toHaveLength(1);
    expect(consecutiveRuns([])).toEqual([]);
  });
});
