import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS, afterPageSettles } from './service-worker.ts';

describe('afterPageSettles (decision 054: the service worker registers once the page has been left alone)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const host = (idle?: (cb: () => void) => number) =>
    Object.assign(
      new EventTarget(),
      { setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms) as unknown as number },
      idle ? { requestIdleCallback: idle } : {},
    );

  it('waits for load, then the settle time, then runs once', () => {
    const win = host();
    const fn = vi.fn();
    afterPageSettles(fn, { readyState: 'interactive' }, win as never);
    vi.advanceTimersByTime(SETTLE_MS * 3);
    expect(fn).not.toHaveBeenCalled(); // no load yet
    win.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(SETTLE_MS - 1);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    win.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(SETTLE_MS * 2);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('counts from now on a page that has loaded, and waits for the browser to be idle where it can tell', () => {
    const idle: (() => void)[] = [];
    const win = host((cb) => idle.push(cb));
    const fn = vi.fn();
    afterPageSettles(fn, { readyState: 'complete' }, win as never);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(fn).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]!();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
