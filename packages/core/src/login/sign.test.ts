import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeSalt, SALT_PATTERN, secretHash, signRequest } from './sign.ts';

describe('request signing (spec §7)', () => {
  it('matches the published test vector', () => {
    // The vector documented in the OpenAPI description of POST /api/v8/sendMsg.
    expect(secretHash('Ab3dE6gH', 3)).toBe('e53e039ffe24fc65f0af1d3b3e7a9106');
    expect(signRequest('13800138000', 1700000000000, 'Ab3dE6gH', 3)).toBe('ebf0f4664bd03dc96b88b34461950a75');
  });

  it('agrees with an independent MD5 (node:crypto)', () => {
    const md5 = (s: string) => createHash('md5').update(s).digest('hex');
    const secret = md5('Ab3dE6gH|3|moxa-h5:v8');
    const sorted = [...'138001380001700000000000'].sort().join('');
    expect(signRequest('13800138000', 1700000000000, 'Ab3dE6gH', 3)).toBe(md5(sorted + secret));
  });

  it('depends on every input', () => {
    const base = signRequest('13800138000', 1700000000000, 'Ab3dE6gH', 3);
    expect(signRequest('13800138001', 1700000000000, 'Ab3dE6gH', 3)).not.toBe(base);
    expect(signRequest('13800138000', 1700000000001, 'Ab3dE6gH', 3)).not.toBe(base);
    expect(signRequest('13800138000', 1700000000000, 'Ab3dE6gX', 3)).not.toBe(base);
    expect(signRequest('13800138000', 1700000000000, 'Ab3dE6gH', 4)).not.toBe(base);
  });

  it('makes salts of 8–12 characters of [0-9A-Za-z]', () => {
    const lengths = new Set<number>();
    for (let i = 0; i < 500; i++) {
      const salt = makeSalt();
      expect(salt).toMatch(SALT_PATTERN);
      lengths.add(salt.length);
    }
    expect([...lengths].sort((a, b) => a - b)).toEqual([8, 9, 10, 11, 12]);
  });
});
