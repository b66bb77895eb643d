import { describe, expect, it } from 'vitest';
import { parseSchemeParam, reminderTime, sessionPath, shortDate, suggestedFrequency, suggestedTime } from './course-text.ts';

describe('course texts (issue #31)', () => {
  it('reads the scheme from the address, and refuses anything else', () => {
    expect(parseSchemeParam('disease:insomnia')).toEqual({ kind: 'disease', id: 'insomnia' });
    expect(parseSchemeParam('scheme:yangxu')).toEqual({ kind: 'scheme', id: 'yangxu' });
    for (const bad of [null, '', 'product:x', 'disease:', 'disease:../x', 'disease:A']) expect(parseSchemeParam(bad)).toBeNull();
    expect(sessionPath({ kind: 'scheme', id: 'yangxu' })).toBe('/moxa_session?scheme=yangxu');
  });

  it('suggests every other day when the prescription says so', () => {
    expect(suggestedFrequency('隔天1次')).toBe('every-other-day');
    expect(suggestedFrequency('每天1次')).toBe('daily');
    expect(suggestedFrequency(null)).toBe('daily');
    expect(suggestedTime('每晚1次，睡前1小时左右施灸')).toBe('20:00');
    expect(suggestedTime('每天1次')).toBe('08:00');
  });

  it('shows times in China time', () => {
    expect(reminderTime(Date.parse('2026-11-26T08:00:00+08:00'))).toBe('11月26日 周四 08:00');
    expect(shortDate('2026-11-03')).toBe('11月3日');
  });
});
