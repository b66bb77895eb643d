import { SIGN_WINDOW_MS } from '@moxa/core/login/constants';
import type { ServerClock } from '../../lib/server-clock.ts';

/** What a signed request's sender reports of the answer it got (or of the refusal it threw). */
export type Answered = (date: string | null) => void;

/**
 * Sends a request signed at the server's time (issue #32 item 7): `send(time, answered)` signs with
 * `time` (with a fresh salt) and calls `answered` with the answer's `Date` header. Every answer updates
 * the clock's offset. A refusal whose answer shows the signed time was far from the server's — more
 * than half the server's window, so surely the clock-skew refusal whatever its wording — is sent once
 * more at the server's time; the server's window and its once-only salts stay as they are.
 */
export async function sendAtServerTime<T>(clock: ServerClock, send: (time: number, answered: Answered) => Promise<T>): Promise<T> {
  const attempt = async () => {
    const used = clock.offset();
    const sentAt = clock.localNow();
    let learned: number | null = null;
    try {
      return { ok: true as const, value: await send(sentAt + used, (date) => (learned = clock.learn(date, sentAt))) };
    } catch (error) {
      return { ok: false as const, error, skewed: learned !== null && Math.abs(learned - used) > SIGN_WINDOW_MS / 2 };
    }
  };
  const first = await attempt();
  if (first.ok) return first.value;
  if (!first.skewed) throw first.error;
  const second = await attempt();
  if (second.ok) return second.value;
  throw second.error;
}
