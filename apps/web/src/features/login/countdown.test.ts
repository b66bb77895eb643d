import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESEND_SECONDS } from '@moxa/core/login/constants';
import { startCountdown } from './countdown.ts';

describe('resend countdown (spec §4, §9: 60 s, every 1 s)', () => {
  afterEach(() => vi.useRealTimers());

  it('shows 60 at once, ticks each second, and stops at 0', () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    startCountdown(RESEND_SECONDS, (n) => seen.push(n));
    expect(seen).toEqual([60]);
    vi.advanceTimersByTime(999);
    expect(seen).toEqual([60]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([60, 59]);
    vi.advanceTimersByTime(59_000);
    expect(seen.at(-1)).toBe(0);
    expect(seen).toHaveLength(61);
    vi.advanceTimersByTime(10_000);
    expect(seen).toHaveLength(61);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is cleared when the page is left', () => {
    vi.useFakeTimers();
    const seen: number[] = [];
    const cancel = startCountdown(60, (n) => seen.push(n));
    vi.advanceTimersByTime(3000);
    cancel();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(seen).toEqual([60, 59, 58, 57]);
  });
});
