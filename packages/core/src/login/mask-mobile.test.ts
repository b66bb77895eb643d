import { getExampleNumber } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import type { CountryCode } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../countries/countries.ts';
import { maskMobile } from './mask-mobile.ts';

/** Digits of the national number still readable in a mask. */
const shown = (masked: string) => masked.replace(/^\+\d+ /, '').replace(/\*/g, '').length;

describe('maskMobile (issue #13 item 8)', () => {
  it('hides at least half of the national number for every listed country’s example mobile', () => {
    let checked = 0;
    for (const country of COUNTRIES) {
      const example = getExampleNumber(country.abbr as CountryCode, examples);
      if (!example) continue;
      const national = example.nationalNumber;
      for (const masked of [
        maskMobile(example.number),
        maskMobile(example.number, { countryCode: example.countryCallingCode, nationalNumber: national }),
      ]) {
        const hidden = (masked.match(/\*/g) ?? []).length;
        expect(hidden, `${country.abbr} ${masked}`).toBeGreaterThanOrEqual(national.length / 2);
        expect(shown(masked) + hidden, `${country.abbr} ${masked}`).toBe(national.length);
        if (example.countryCallingCode !== '86') expect(masked, country.abbr).toMatch(new RegExp(`^\\+${example.countryCallingCode} `));
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('masks mainland, Hong Kong, Macau, Singapore and US numbers', () => {
    expect(maskMobile('13812348000')).toBe('138******00');
    expect(maskMobile('+8613812348000')).toBe('138******00');
    expect(maskMobile('+85251234567')).toBe('+852 51****67');
    expect(maskMobile('+85366123456')).toBe('+853 66****56');
    expect(maskMobile('+6581234567')).toBe('+65 81****67');
    expect(maskMobile('+12015550123', { countryCode: '1', nationalNumber: '2015550123' })).toBe('+1 201*****23');
  });
});
