/**
 * 子午流注 (issue #4): each of the 12 organ meridians "rules" one two-hour period, written in the
 * content as e.g. 寅时（3:00～5:00）. GV and CV have none (null).
 */
export type HourSpan = { start: number; end: number };

/** 寅时（3:00～5:00） → {start: 3, end: 5}; 子时（23:00～1:00） → {start: 23, end: 1}. */
export function parseFlowHour(flowHour: string | null | undefined): HourSpan | null {
  const m = /(\d{1,2})[:：]\d{2}\s*[～~\-–—至]\s*(\d{1,2})[:：]\d{2}/.exec(flowHour ?? '');
  if (!m) return null;
  const start = Number(m[1]);
  const end = Number(m[2]);
  return start < 24 && end < 24 ? { start, end } : null;
}

/** Whether `hour` (0–23) falls in the span, including spans that cross midnight. */
export function inSpan(span: HourSpan, hour: number): boolean {
  return span.start < span.end ? hour >= span.start && hour < span.end : hour >= span.start || hour < span.end;
}

export function isFlowHourNow(flowHour: string | null | undefined, now: Date): boolean {
  const span = parseFlowHour(flowHour);
  return span ? inSpan(span, now.getHours()) : false;
}

/** 寅时（3:00～5:00） → 寅时 3–5点, short enough for a list row. */
export function shortFlowHour(flowHour: string | null | undefined): string | null {
  if (!flowHour) return null;
  const span = parseFlowHour(flowHour);
  const name = /^[\u4e00-\u9fff]时/.exec(flowHour)?.[0];
  if (!span || !name) return flowHour;
  return `${name} ${span.start}–${span.end}点`;
}
