import { describe, expect, it } from 'vitest';
import { aliasCodes, canonicalCode } from './acupoint-codes.ts';

describe('acupoint codes', () => {
  it('adds the Chinese alias code for TE, GV and CV points only', () => {
    expect(aliasCodes('ST36')).toEqual(['ST36']);
    expect(aliasCodes('TE5')).toEqual(['TE5', 'SJ5']);
    expect(aliasCodes('GV20')).toEqual(['GV20', 'DU20']);
    expect(aliasCodes('CV4')).toEqual(['CV4', 'RN4']);
    expect(aliasCodes('EX-HN1')).toEqual(['EX-HN1']);
  });

  it('resolves any case and alias codes to the WHO code', () => {
    expect(canonicalCode(' sj5 ')).toBe('TE5');
    expect(canonicalCode('du20')).toBe('GV20');
    expect(canonicalCode('Rn4')).toBe('CV4');
    expect(canonicalCode('st36')).toBe('ST36');
    expect(canonicalCode('ex-hn1')).toBe('EX-HN1');
  });
});
