import { describe, expect, it } from 'vitest';
import { parseMobile, parseMobileUncached } from './phone-number.ts';

const CASES: [string, string | undefined][] = [
  ['13800138000', undefined],
  ['13800138000', '86'],
  ['13800138000', '852'],
  ['+8613800138000', '86'],
  ['+8613800138000', undefined],
  ['+85291234567', '852'],
  ['+85291234567', undefined],
  ['+85291234567', '86'],
  ['+85291234567', '85'],
  ['01012345678', '86'], // Beijing landline: not a mobile
  ['12345', '86'],
  ['+1', '1'],
  ['', undefined],
  ['+8613800138000'.padEnd(40, '0'), '86'], // too long to be cached
];

describe('parseMobile cache (issue #6)', () => {
  it('answers exactly as the uncached parser, the first time and again', () => {
    for (let round = 0; round < 3; round++)
      for (const [wire, cc] of CASES) expect(parseMobile(wire, cc), `${wire} ${cc}`).toEqual(parseMobileUncached(wire, cc));
  });

  it('keys on the country code too', () => {
    const hk = { e164: '+85291234567', countryCode: '852', nationalNumber: '91234567', region: 'HK' };
    expect(parseMobile('+85291234567', '852')).toEqual(hk);
    expect(parseMobile('+85291234567', '86')).toBeNull();
    expect(parseMobile('+85291234567')).toEqual(hk);
    expect(parseMobile('13800138000', '852')).toBeNull();
    expect(parseMobile('13800138000')).toEqual({ e164: '+8613800138000', countryCode: '86', nationalNumber: '13800138000', region: 'CN' });
  });

  it('hands out answers that cannot be changed', () => {
    const first = parseMobile('13900139000', '86')!;
    expect(() => Object.assign(first, { e164: '+8613800138000' })).toThrow();
    expect(parseMobile('13900139000', '86')?.e164).toBe('+8613900139000');
  });
});
