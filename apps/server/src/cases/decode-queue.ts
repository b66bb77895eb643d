/** The queue is full: the caller answers 503 and asks the user to try again shortly. */
export class QueueFullError extends Error {}

/**
 * A first-come, first-served bound on concurrent work (issue #27 item 2): at most `max` tasks run at
 * once, at most `maxWaiting` wait for a turn, and a task beyond that is refused at once. `active`,
 * `waiting` and `peak` (the most that ever ran at once) are read by tests and logs.
 */
export function boundedQueue(max: number, maxWaiting: number) {
  let active = 0;
  let peak = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= max) {
        if (waiting.length >= maxWaiting) throw new QueueFullError('queue full');
        // The slot is handed over by the task that finishes (active stays the same).
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else active++;
      peak = Math.max(peak, active);
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    get peak() {
      return peak;
    },
    resetPeak() {
      peak = active;
    },
  };
}
