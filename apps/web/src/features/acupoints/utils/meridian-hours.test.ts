import { describe, expect, it } from 'vitest';
import { inSpan, isFlowHourNow, parseFlowHour, shortFlowHour } from './meridian-hours.ts';

const at = (h: number) => new Date(2025, 0, 1, h, 30);

describe('子午流注 hours', () => {
  it('parses the content format', () => {
    expect(parseFlowHour('寅时（3:00～5:00）')).toEqual({ start: 3, end: 5 });
    expect(parseFlowHour('子时（23:00～1:00）')).toEqual({ start: 23, end: 1 });
    expect(parseFlowHour(null)).toBeNull();
    expect(parseFlowHour('不详')).toBeNull();
  });

  it('tells whether now is in the span, across midnight too', () => {
    expect(inSpan({ start: 3, end: 5 }, 3)).toBe(true);
    expect(inSpan({ start: 3, end: 5 }, 5)).toBe(false);
    expect(isFlowHourNow('子时（23:00～1:00）', at(0))).toBe(true);
    expect(isFlowHourNow('子时（23:00～1:00）', at(23))).toBe(true);
    expect(isFlowHourNow('子时（23:00～1:00）', at(1))).toBe(false);
    expect(isFlowHourNow(null, at(1))).toBe(false);
  });

  it('shortens for list rows', () => {
    expect(shortFlowHour('寅时（3:00～5:00）')).toBe('寅时 3–5点');
    expect(shortFlowHour(null)).toBeNull();
    expect(shortFlowHour('其他写法')).toBe('其他写法');
  });
});
