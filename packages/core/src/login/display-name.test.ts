import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { advisorDisplayName, displayNameProblem, isLegacyDefaultName, normalizeDisplayName, randomDisplayName } from './display-name.ts';

describe('display names (issue #27 item 13)', () => {
  it('makes 用户 + 6 random characters, never 4 digits in a row', () => {
    const names = Array.from({ length: 2000 }, () => randomDisplayName(randomInt));
    for (const n of names) {
      expect(n).toMatch(/^用户[A-HJKMNP-Z2-9]{6}$/);
      expect(n).not.toMatch(/[0-9]{4}/);
    }
    expect(new Set(names).size).toBeGreaterThan(1990);
    // A source that keeps giving digits is asked again until a name without a run comes out.
    let i = 0;
    const digitsFirst = (n: number) => (i++ < 6 ? n - 1 : 0);
    expect(randomDisplayName(digitsFirst)).toBe('用户AAAAAA');
  });

  it('accepts 2–12 letters, digits and · _ - and says in Chinese what is wrong otherwise', () => {
    for (const ok of ['王阿姨', 'Li', '小明_2', '张 老师', '阿·依古丽', 'ab-cd', '一二三四五六七八九十十一'])
      expect(displayNameProblem(ok), ok).toBeNull();
    expect(displayNameProblem('王')).toBe('昵称请用2到12个字');
    expect(displayNameProblem('一二三四五六七八九十十一十')).toBe('昵称请用2到12个字');
    expect(displayNameProblem('王阿姨1380')).toBe('昵称里不能有连着的4个数字，以免露出手机号');
    expect(displayNameProblem('王阿姨１３８０')).toBe('昵称里不能有连着的4个数字，以免露出手机号');
    expect(displayNameProblem('<script>')).toBe('昵称只能用汉字、字母、数字和 · _ - 这几个符号');
    expect(normalizeDisplayName('  王   阿姨 ')).toBe('王 阿姨');
  });

  it('names advisors 顾问 + their 昵称, and knows the old default names', () => {
    expect(advisorDisplayName('用户K7PM3Q')).toBe('顾问K7PM3Q');
    expect(advisorDisplayName('李老师')).toBe('顾问李老师');
    expect(isLegacyDefaultName('用户8000', '+8613800138000')).toBe(true);
    expect(isLegacyDefaultName('用户8001', '+8613800138000')).toBe(false);
  });
});
