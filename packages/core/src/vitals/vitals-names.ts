/**
 * Real users' Core Web Vitals (issue #33 item 5, decision 034): what a sampled visit reports, declared
 * once for the web collector and the server. Zod-free, so the collector's chunk stays small; the
 * request's schema is vitals-contract.ts.
 */
export const VITALS_PATH = '/api/v8/vitals';

/** LCP, INP and TTFB in milliseconds; CLS a unitless score. */
export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/** Largest value kept of each metric: anything above is a broken measurement, not a slow page. */
export const VITAL_MAX: Record<VitalMetric, number> = { LCP: 120_000, INP: 60_000, CLS: 50, TTFB: 120_000 };

/**
 * How capable the phone is, from its memory (deviceMemory, GB) or else its processor count: `low` ≤ 2,
 * `mid` ≤ 4, `high` above; `unknown` where the browser tells neither (iPhones tell only the count).
 */
export const DEVICE_CLASSES = ['low', 'mid', 'high', 'unknown'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** The connection as the browser (effectiveType) or WeChat (NetType in its user agent) reports it. */
export const NETWORK_TYPES = ['wifi', '5g', '4g', '3g', '2g', 'slow-2g', 'unknown'] as const;
export type NetworkType = (typeof NETWORK_TYPES)[number];

/**
 * A route pattern of the web's route table (`/disease_detail/:id`), never a URL: segments are words or
 * `:params`; 4 digits in a row (a phone number, an id) are refused, so nothing personal can be stored.
 */
export const VITALS_ROUTE_PATTERN = /^(\/|\*|(\/(:[A-Za-z]+|[A-Za-z][A-Za-z0-9_-]{0,39}))+)$/;
export const VITALS_ROUTE_MAX = 80;

/**
 * Google's "good" limits for a page's 75th percentile (web.dev/articles/vitals): above one, the page
 * needs work. Declared once for the console's report and `scripts/vitals-report.ts`.
 */
export const VITAL_GOOD: Record<VitalMetric, number> = { LCP: 2500, INP: 200, CLS: 0.1, TTFB: 800 };

/** How a value reads: LCP and TTFB in seconds, INP in milliseconds, CLS as the bare score. */
export const VITAL_UNIT: Record<VitalMetric, 's' | 'ms' | ''> = { LCP: 's', INP: 'ms', CLS: '', TTFB: 's' };

/** A value in its unit, without the unit (each screen writes the unit in its own language). */
export function vitalValue(metric: VitalMetric, value: number): string {
  const unit = VITAL_UNIT[metric];
  return unit === 's' ? (value / 1000).toFixed(2) : unit === 'ms' ? String(Math.round(value)) : value.toFixed(3);
}

/** A good limit as written in prose, without trailing zeros: 2.5 (s), 200 (ms), 0.1, 0.8 (s). */
export const vitalLimit = (metric: VitalMetric): string => String(Number(vitalValue(metric, VITAL_GOOD[metric])));
