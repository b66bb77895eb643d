import { REGIONS } from '@moxa/core/acupoints/acupoint-codes';
import type { AcupointSummary, ChartMark, Region } from '@moxa/core/acupoints/acupoint-contract';

export type Group<K extends string, T> = { key: K; items: T[] };

/** Groups items by key, keeping the items' order inside each group; groups follow `order`, then first appearance. */
export function groupBy<T, K extends string>(items: readonly T[], keyOf: (item: T) => K, order: readonly K[] = []): Group<K, T>[] {
  const map = new Map<K, T[]>();
  for (const k of order) map.set(k, []);
  for (const item of items) {
    const k = keyOf(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return [...map].filter(([, list]) => list.length > 0).map(([key, list]) => ({ key, items: list }));
}

export const REGION_ORDER = Object.keys(REGIONS) as Region[];

export const regionLabel = (region: string): string => (REGIONS as Record<string, string>)[region] ?? region;

/** Points by body region, head to foot (REGIONS order of packages/core acupoint-codes). */
export const groupByRegion = <T extends Pick<AcupointSummary, 'region'>>(points: readonly T[]) =>
  groupBy(points, (p) => p.region, REGION_ORDER as string[]);

/** Points by meridian, in the order the list already has (the API lists LU … CV, then EX). */
export const groupByMeridian = <T extends Pick<AcupointSummary, 'meridian'>>(points: readonly T[]) => groupBy(points, (p) => p.meridian);

export type ChartPoint = Pick<AcupointSummary, 'code' | 'name'> & { chart: ChartMark | null };

/**
 * A meridian's points per chart view (issue #4 drawn path): each view with the points drawn on it,
 * in meridian order; views in the order the meridian reaches them, so the figures read along its
 * course (BL: head, back, foot). Points without a mark are left out.
 */
export function groupByChartView<T extends ChartPoint>(points: readonly T[]): Group<string, T & { chart: ChartMark }>[] {
  const marked = points.filter((p): p is T & { chart: ChartMark } => p.chart !== null);
  return groupBy(marked, (p) => p.chart.view);
}
