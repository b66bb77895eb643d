export type Box = { x: number; y: number; width: number; height: number };
type Pt = { x: number; y: number };

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));

/** `minX minY width height` for an SVG viewBox attribute, rounded to keep the DOM tidy. */
export const viewBoxAttr = (b: Box): string => [b.x, b.y, b.width, b.height].map((n) => Math.round(n * 10) / 10).join(' ');

/**
 * Full-body figures are much taller than wide and, at phone width, too small to read a point on;
 * close-ups (head, hand, foot) are drawn near square and are shown whole.
 */
export const isTallView = (view: { width: number; height: number }): boolean => view.height > view.width * 1.6;

const whole = (view: { width: number; height: number }): Box => ({ x: 0, y: 0, width: view.width, height: view.height });

/**
 * A window on a tall full-body figure centred on one point, so the marked spot is large enough to
 * read at phone width (issue #4 detail chart): full figure width, height `aspect` × width, moved
 * inside the figure. Close-up figures are shown whole.
 */
export function focusBox(view: { width: number; height: number }, point: Pt, aspect = 1.15): Box {
  if (!isTallView(view)) return whole(view);
  const height = Math.min(view.width * aspect, view.height);
  return { x: 0, y: clamp(point.y - height / 2, 0, view.height - height), width: view.width, height };
}

/**
 * The part of a figure holding a set of points with margin (issue #4 meridian path): the points'
 * bounding box padded by `pad` × figure width, grown to at least `minShare` of the figure in each
 * direction and to an aspect no taller than `maxAspect`, then kept inside the figure. Close-up
 * figures are shown whole.
 */
export function fitBox(view: { width: number; height: number }, points: readonly Pt[], pad = 0.12, minShare = 0.55, maxAspect = 1.6): Box {
  if (points.length === 0 || !isTallView(view)) return whole(view);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const m = pad * view.width;
  let x0 = Math.min(...xs) - m;
  let x1 = Math.max(...xs) + m;
  let y0 = Math.min(...ys) - m;
  let y1 = Math.max(...ys) + m;
  const grow = (lo: number, hi: number, size: number): [number, number] => {
    const extra = (size - (hi - lo)) / 2;
    return extra > 0 ? [lo - extra, hi + extra] : [lo, hi];
  };
  [x0, x1] = grow(x0, x1, minShare * view.width);
  [y0, y1] = grow(y0, y1, minShare * view.height);
  // Very tall strips (a leg) become unreadably narrow at phone width: widen them.
  [x0, x1] = grow(x0, x1, (y1 - y0) / maxAspect);
  const width = Math.min(x1 - x0, view.width);
  const height = Math.min(y1 - y0, view.height);
  return {
    x: clamp(x0 + (x1 - x0 - width) / 2, 0, view.width - width),
    y: clamp(y0 + (y1 - y0 - height) / 2, 0, view.height - height),
    width,
    height,
  };
}

/**
 * Which dots get a number label without the labels piling up (dense hand and foot points at phone
 * size): greedily, in order, a dot is labelled when no labelled dot lies within `minDist`. The first
 * and last dots are always labelled so the path's ends are clear.
 */
export function labelledDots(points: readonly Pt[], minDist: number): boolean[] {
  const out = points.map(() => false);
  const taken: Pt[] = [];
  const last = points.length - 1;
  // The ends first, then the rest in order.
  const order = last > 0 ? [0, last, ...Array.from({ length: last - 1 }, (_, i) => i + 1)] : points.map((_, i) => i);
  for (const i of order) {
    const p = points[i]!;
    if (i === 0 || i === last || taken.every((q) => Math.hypot(q.x - p.x, q.y - p.y) >= minDist)) {
      out[i] = true;
      taken.push(p);
    }
  }
  return out;
}

/**
 * Splits a view's points into runs of consecutive meridian order (GB 21, 22 | 24, 25 …): the path
 * is drawn solid within a run and dashed across a gap, where it passes through another view.
 */
export function consecutiveRuns<T extends { order: number }>(points: readonly T[]): T[][] {
  const runs: T[][] = [];
  for (const p of points) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (run && last && p.order === last.order + 1) run.push(p);
    else runs.push([p]);
  }
  return runs;
}
