/**
 * The server's clock as this device sees it (issue #32 item 7). A signed sendMsg carries the time it
 * was signed, and the server refuses one more than SIGN_WINDOW_MS off its own clock (decision 003,
 * replay protection); a phone whose clock is wrong would never get a code. So the client signs with
 * the server's time: its offset is learned from the `Date` header of a response that was never cached
 * (sendMsg's own answers are no-store).
 */
export type ServerClock = {
  /** The server's time now, as best known (the device's until an offset was learned). */
  now(): number;
  /** The device's own clock. */
  localNow(): number;
  /** The offset in use (server minus device, ms). */
  offset(): number;
  /**
   * Learns the offset from a response's `Date` header, given when the request left and the answer
   * arrived (device time). Returns the new offset, or null when the header is missing or unreadable
   * (the offset in use is kept).
   */
  learn(date: string | null, sentAt: number, receivedAt?: number): number | null;
};

/**
 * Server minus device time from a `Date` header. The header has whole seconds (truncated): the server's
 * clock read between `date` and `date` + 1 s, at a moment between sending and receiving — the
 * estimate takes the middle of both, so it is off by at most half a second plus half the round trip.
 */
export function offsetFromDate(date: string | null, sentAt: number, receivedAt: number): number | null {
  if (!date) return null;
  const server = Date.parse(date);
  if (Number.isNaN(server)) return null;
  return Math.round(server + 500 - (sentAt + receivedAt) / 2);
}

export function createServerClock(localNow: () => number = Date.now): ServerClock {
  let offset = 0;
  return {
    now: () => localNow() + offset,
    localNow,
    offset: () => offset,
    learn(date, sentAt, receivedAt = localNow()) {
      const learned = offsetFromDate(date, sentAt, receivedAt);
      if (learned !== null) offset = learned;
      return learned;
    },
  };
}

/** This page's view of the server's clock (kept while the app stays open). */
export const serverClock = createServerClock();
