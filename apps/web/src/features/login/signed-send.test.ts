import { describe, expect, it } from 'vitest';
import { SIGN_WINDOW_MS } from '@moxa/core/login/constants';
import { createServerClock } from '../../lib/server-clock.ts';
import { sendAtServerTime, type Answered } from './signed-send.ts';

const SERVER_START = Date.parse('2026-03-01T10:00:00Z');

/**
 * A server whose clock is SERVER_START + elapsed and which, like sendMsg, refuses a time more than
 * SIGN_WINDOW_MS off its own (and answers every request with a Date header).
 */
function fakeServer(deviceAhead: number, { date = true } = {}) {
  let elapsed = 0;
  const times: number[] = [];
  const device = () => SERVER_START + elapsed + deviceAhead;
  const send = async (time: number, answered: Answered) => {
    times.push(time);
    elapsed += 150; // the round trip
    const now = SERVER_START + elapsed;
    answered(date ? new Date(now).toUTCString() : null);
    if (Math.abs(now - time) > SIGN_WINDOW_MS) throw new Error('手机时间与标准时间相差较大，请校准后重试');
    return 'sent';
  };
  return { clock: createServerClock(device), send, times };
}

describe('sendAtServerTime (issue #32 item 7)', () => {
  it('a clock 2 hours ahead: refused once, learns the server’s time, and the retry is sent', async () => {
    const s = fakeServer(2 * 3600_000);
    await expect(sendAtServerTime(s.clock, s.send)).resolves.toBe('sent');
    expect(s.times).toHaveLength(2);
    expect(Math.abs(s.times[1]! - SERVER_START)).toBeLessThan(2_000);
    // Later sends are signed at the server's time at once.
    await expect(sendAtServerTime(s.clock, s.send)).resolves.toBe('sent');
    expect(s.times).toHaveLength(3);
  });

  it('a clock an hour behind works the same', async () => {
    const s = fakeServer(-3600_000);
    await expect(sendAtServerTime(s.clock, s.send)).resolves.toBe('sent');
    expect(s.times).toHaveLength(2);
  });

  it('a right clock sends once', async () => {
    const s = fakeServer(300);
    await expect(sendAtServerTime(s.clock, s.send)).resolves.toBe('sent');
    expect(s.times).toHaveLength(1);
  });

  it('does not retry a refusal of another kind, or one without a Date to learn from', async () => {
    const s = fakeServer(0);
    const refuse = async (time: number, answered: Answered) => {
      await s.send(time, answered);
      throw new Error('请输入正确的手机号');
    };
    await expect(sendAtServerTime(s.clock, refuse)).rejects.toThrow('请输入正确的手机号');
    expect(s.times).toHaveLength(1);

    const blind = fakeServer(2 * 3600_000, { date: false });
    await expect(sendAtServerTime(blind.clock, blind.send)).rejects.toThrow('手机时间');
    expect(blind.times).toHaveLength(1);
  });

  it('retries only once', async () => {
    const s = fakeServer(2 * 3600_000);
    let calls = 0;
    const alwaysOff = async (_time: number, answered: Answered) => {
      calls++;
      return s.send(SERVER_START + 3 * 3600_000, answered); // keeps signing with a wrong time
    };
    await expect(sendAtServerTime(s.clock, alwaysOff)).rejects.toThrow('手机时间');
    expect(calls).toBe(2);
  });
});
