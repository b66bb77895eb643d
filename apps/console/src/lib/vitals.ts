import type { VitalP75, VitalsReport } from '@moxa/core/vitals/vitals-contract';
import { VITAL_GOOD, VITAL_METRICS, VITAL_UNIT, vitalLimit, vitalValue, type VitalMetric } from '@moxa/core/vitals/vitals-names';

/** 页面速度 (issue #33 item 5): the four Core Web Vitals as the console names and explains them. */
export const VITAL_LABELS: Record<VitalMetric, { name: string; means: string }> = {
  LCP: { name: '最大内容绘制', means: '页面主要内容（大图或正文）显示出来用了多久' },
  INP: { name: '交互响应', means: '点按之后页面多久有反应（整次访问里最慢的一次）' },
  CLS: { name: '布局偏移', means: '加载时内容跳动的程度，越小越稳' },
  TTFB: { name: '首字节时间', means: '从打开到服务器开始返回页面用了多久' },
};

const UNIT_ZH = { s: ' 秒', ms: ' 毫秒', '': '' } as const;

/** A value with its unit in Chinese: 2.31 秒, 180 毫秒, 0.012. */
export const readingZh = (metric: VitalMetric, value: number): string => `${vitalValue(metric, value)}${UNIT_ZH[VITAL_UNIT[metric]]}`;

/** Whether a page's 75th percentile is past Google's "good" limit. */
export const isSlow = (metric: VitalMetric, v: VitalP75): boolean => v.p75 > VITAL_GOOD[metric];

/** The limits in one line, for the page's explanation. */
export const goodLimits = (): string => VITAL_METRICS.map((m) => `${m} ${vitalLimit(m)}${UNIT_ZH[VITAL_UNIT[m]]}`).join('、');

/** The pages that reported in the period, for the page filter (the route table's patterns). */
export const reportedRoutes = (report: VitalsReport | null): string[] => [...new Set(report?.rows.map((r) => r.route) ?? [])].sort();
