import { describe, expect, it } from 'vitest';
import { use } from './use.ts';

const thrownBy = (f: () => unknown): unknown => {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('nothing thrown');
};

describe("use() on Preact (decision 044: React 19's use, which preact/compat lacks)", () => {
  it('throws the pending promise (Suspense waits for it), then returns its value', async () => {
    const p = Promise.resolve('screen');
    expect(thrownBy(() => use(p))).toBe(p);
    await p;
    expect(use(p)).toBe('screen');
  });

  it('throws the reason of a rejected promise (to the error boundary)', async () => {
    const error = new Error('Failed to fetch dynamically imported module');
    const p = Promise.reject(error);
    expect(thrownBy(() => use(p))).toBe(p);
    await p.catch(() => undefined);
    expect(thrownBy(() => use(p))).toBe(error);
  });

  it('refuses what is not a promise (use(context) is not supported)', () => {
    expect(() => use({} as PromiseLike<unknown>)).toThrow(TypeError);
  });
});
