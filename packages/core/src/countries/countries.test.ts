import { describe, expect, it } from 'vitest';
import { COUNTRIES, groupCountries } from './countries.ts';

describe('country list (spec §3)', () => {
  it('has about 217 entries with unique ids and abbrs and numeric codes', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(210);
    expect(COUNTRIES.length).toBeLessThanOrEqual(225);
    expect(new Set(COUNTRIES.map((c) => c.id)).size).toBe(COUNTRIES.length);
    expect(new Set(COUNTRIES.map((c) => c.abbr)).size).toBe(COUNTRIES.length);
    for (const c of COUNTRIES) expect(c.code).toMatch(/^[0-9]{1,4}$/);
  });

  it('lists China, Hong Kong, Macau, Taiwan, Singapore, the UK and the US first', () => {
    expect(COUNTRIES.slice(0, 7).map((c) => [c.name, c.code])).toEqual([
      ['中国', '86'],
      ['中国香港', '852'],
      ['中国澳门', '853'],
      ['中国台湾', '886'],
      ['新加坡', '65'],
      ['英国', '44'],
      ['美国', '1'],
    ]);
  });
});

describe('country groups (spec §2)', () => {
  const groups = groupCountries();
  const letterOf = (name: string) => groups.slice(1).find((g) => g.items.some((c) => c.name === name))?.key;

  it('starts with the quick-access group 86, 852, 853, 886, 65', () => {
    expect(groups[0]?.items.map((c) => c.code)).toEqual(['86', '852', '853', '886', '65']);
  });

  it('then groups A–Z in order, every country exactly once', () => {
    const keys = groups.slice(1).map((g) => g.key);
    expect(keys).toEqual([...keys].sort());
    for (const k of keys) expect(k).toMatch(/^[A-Z]$/);
    expect(groups.slice(1).reduce((n, g) => n + g.items.length, 0)).toBe(COUNTRIES.length);
  });

  it('sorts each group by pinyin', () => {
    for (const g of groups.slice(1)) {
      const py = g.items.map((c) => c.pinyin);
      expect(py).toEqual([...py].sort());
    }
  });

  it('reads polyphonic first characters correctly', () => {
    expect(letterOf('中国')).toBe('Z');
    expect(letterOf('厄瓜多尔')).toBe('E');
    expect(letterOf('秘鲁')).toBe('B');
    expect(letterOf('塞浦路斯')).toBe('S');
    expect(letterOf('柬埔寨')).toBe('J');
    expect(letterOf('乍得')).toBe('Z');
    expect(letterOf('沙特阿拉伯')).toBe('S');
    expect(letterOf('阿联酋')).toBe('A');
    expect(letterOf('贝宁')).toBe('B');
    expect(letterOf('卡塔尔')).toBe('K');
    expect(letterOf('喀麦隆')).toBe('K');
  });
});
