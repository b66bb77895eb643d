import { describe, expect, it } from 'vitest';
import { goodLimits, isSlow, readingZh, reportedRoutes } from './vitals.ts';

describe('页面速度 readings (issue #33 item 5)', () => {
  it('reads each metric in its Chinese unit', () => {
    expect(readingZh('LCP', 2312)).toBe('2.31 秒');
    expect(readingZh('TTFB', 480)).toBe('0.48 秒');
    expect(readingZh('INP', 183.6)).toBe('184 毫秒');
    expect(readingZh('CLS', 0.01234)).toBe('0.012');
    expect(goodLimits()).toBe('LCP 2.5 秒、INP 200 毫秒、CLS 0.1、TTFB 0.8 秒');
  });

  it('marks a 75th percentile past the good limit, not one at it', () => {
    expect(isSlow('LCP', { p75: 2501, n: 3 })).toBe(true);
    expect(isSlow('LCP', { p75: 2500, n: 3 })).toBe(false);
    expect(isSlow('CLS', { p75: 0.11, n: 3 })).toBe(true);
    expect(isSlow('INP', { p75: 120, n: 3 })).toBe(false);
  });

  it('lists each reported page once, sorted', () => {
    const row = { day: '2026-11-26', LCP: null, INP: null, CLS: null, TTFB: null };
    const rows = [
      { ...row, route: '/product' },
      { ...row, route: '/acupoint' },
      { ...row, route: '/product', day: '2026-11-25' },
    ];
    expect(reportedRoutes({ from: '2026-11-20', to: '2026-11-26', rows })).toEqual(['/acupoint', '/product']);
    expect(reportedRoutes(null)).toEqual([]);
  });
});
