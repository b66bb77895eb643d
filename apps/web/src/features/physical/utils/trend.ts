import type { ConstitutionType, PhysicalResult } from '@moxa/core/physical/physical-contract';
import { CONSTITUTION_TYPES } from '@moxa/core/physical/constitution';
import { formatShortDate } from './format.ts';

type RecordLike = { createdAt: string; result: PhysicalResult };

export type TrendSeries = { labels: string[]; values: number[]; dates: string[] };

/** At most this many tests on the chart, the most recent ones; the list below shows them all. */
export const TREND_MAX_POINTS = 12;

/** One type's converted scores, oldest first (records arrive newest first). */
export function trendSeries(records: readonly RecordLike[], type: ConstitutionType, max = TREND_MAX_POINTS): TrendSeries {
  const chronological = [...records].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt)).slice(-max);
  const years = new Set(chronological.map((r) => new Date(r.createdAt).getFullYear()));
  const withYear = years.size > 1;
  const points = chronological.flatMap((r) => {
    const scale = r.result.scales.find((s) => s.type === type);
    return scale ? [{ date: r.createdAt, value: Math.round(scale.converted * 10) / 10 }] : [];
  });
  return {
    labels: points.map((p) => formatShortDate(p.date, withYear)),
    values: points.map((p) => p.value),
    dates: points.map((p) => p.date),
  };
}

/** The type shown first: the latest test's primary type, else its highest biased score, else 平和质. */
export function defaultTrendType(records: readonly RecordLike[]): ConstitutionType {
  const latest = [...records].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
  if (!latest) return 'pinghe';
  if (latest.result.primary) return latest.result.primary;
  const biased = latest.result.scales.filter((s) => s.type !== 'pinghe').sort((a, b) => b.converted - a.converted)[0];
  return biased?.type ?? CONSTITUTION_TYPES[0];
}

/**
 * Reference lines from the judgement table (ZYYXH/T157-2009 §5.2): 30 (倾向是) and 40 (是) for the
 * biased types; for 平和质 the line that matters is 60.
 */
export function guideLines(type: ConstitutionType): { value: number; label: string }[] {
  if (type === 'pinghe') return [{ value: 60, label: '60 分' }];
  return [
    { value: 30, label: '30 倾向' },
    { value: 40, label: '40 判定' },
  ];
}
