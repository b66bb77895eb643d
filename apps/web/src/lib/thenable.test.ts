import { describe, expect, it } from 'vitest';
import { isFulfilled, track } from './thenable.ts';

describe('track (decision 044)', () => {
  it('records a fulfilled promise on itself, as React does', async () => {
    const p = track(Promise.resolve(7));
    expect(p.status).toBe('pending');
    expect(isFulfilled(p)).toBe(false);
    await p;
    expect(p).toMatchObject({ status: 'fulfilled', value: 7 });
    expect(isFulfilled(p)).toBe(true);
  });

  it('records a rejection on itself', async () => {
    const error = new Error('chunk failed');
    const p = track(Promise.reject(error));
    await p.catch(() => undefined);
    expect(p).toMatchObject({ status: 'rejected', reason: error });
    expect(isFulfilled(p)).toBe(false);
  });

  it('keeps what React (or an earlier call) recorded', () => {
    const p = Object.assign(Promise.resolve(1), { status: 'fulfilled', value: 2 });
    expect(track(p)).toMatchObject({ status: 'fulfilled', value: 2 });
  });
});
