import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatShortDate } from './format.ts';
import { headline, schemeTypeFor } from './result-text.ts';
import { resultWith } from './test-fixtures.ts';

describe('dates', () => {
  const iso = new Date(2025, 2, 8, 9, 5).toISOString();
  it('formats in the device’s time zone', () => {
    expect(formatDate(iso)).toBe('2025年3月8日');
    expect(formatDateTime(iso)).toBe('2025年3月8日 09:05');
    expect(formatShortDate(iso)).toBe('3/8');
    expect(formatShortDate(iso, true)).toBe('25/3/8');
  });
  it('yields nothing for a bad date', () => {
    expect(formatDate('x')).toBe('');
    expect(formatDateTime('x')).toBe('');
    expect(formatShortDate('x')).toBe('');
  });
});

describe('result text', () => {
  it('names the primary type or says none was reached', () => {
    expect(headline(resultWith({}, { primary: 'yinxu' }))).toBe('阴虚质');
    expect(headline(resultWith({}, { primary: null }))).toBe('暂未判定体质');
  });
  it('links the scheme of the primary type, else the strongest tendency, else 平和质', () => {
    expect(schemeTypeFor(resultWith({}, { primary: 'tanshi', tendencies: ['qiyu'] }))).toBe('tanshi');
    expect(schemeTypeFor(resultWith({}, { primary: null, tendencies: ['qiyu', 'xueyu'] }))).toBe('qiyu');
    expect(schemeTypeFor(resultWith({}, { primary: null }))).toBe('pinghe');
  });
});
