import { describe, expect, it } from 'vitest';
import { createServerClock, offsetFromDate } from './server-clock.ts';

const at = (iso: string) => Date.parse(iso);

describe('offsetFromDate (issue #32 item 7)', () => {
  it('takes the middle of the header’s second and of the round trip', () => {
    // Device clock 2 hours ahead; the answer took 200 ms.
    const sentAt = at('2026-03-01T12:00:00.100Z');
    expect(offsetFromDate('Sun, 01 Mar 2026 10:00:00 GMT', sentAt, sentAt + 200)).toBe(-2 * 3600_000 + 500 - 200);
  });

  it('is within a second of the truth for a right clock', () => {
    const sentAt = at('2026-03-01T10:00:00.700Z');
    const offset = offsetFromDate('Sun, 01 Mar 2026 10:00:00 GMT', sentAt, sentAt + 80)!;
    expect(Math.abs(offset)).toBeLessThan(1000);
  });

  it('gives nothing without a readable header', () => {
    expect(offsetFromDate(null, 0, 0)).toBeNull();
    expect(offsetFromDate('', 0, 0)).toBeNull();
    expect(offsetFromDate('gestern', 0, 0)).toBeNull();
  });
});

describe('createServerClock', () => {
  it('keeps the device’s time until it learns, then the server’s', () => {
    let device = at('2026-03-01T12:00:00Z');
    const clock = createServerClock(() => device);
    expect(clock.now()).toBe(device);
    expect(clock.learn('Sun, 01 Mar 2026 10:00:00 GMT', device, device)).toBe(-2 * 3600_000 + 500);
    device += 60_000;
    expect(clock.now()).toBe(at('2026-03-01T10:01:00.500Z'));
  });

  it('keeps what it knew when an answer has no Date', () => {
    const device = at('2026-03-01T12:00:00Z');
    const clock = createServerClock(() => device);
    clock.learn('Sun, 01 Mar 2026 10:00:00 GMT', device, device);
    expect(clock.learn(null, device)).toBeNull();
    expect(clock.offset()).toBe(-2 * 3600_000 + 500);
  });
});
