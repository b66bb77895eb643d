import { describe, expect, it } from 'vitest';
import { boundedQueue, QueueFullError } from './decode-queue.ts';

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

describe('boundedQueue (issue #27 item 2)', () => {
  it('runs at most `max` tasks at once, first come first served, and refuses beyond `maxWaiting`', async () => {
    const q = boundedQueue(2, 3);
    const g = gate();
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (i: number) => async () => {
      running++;
      peak = Math.max(peak, running);
      order.push(i);
      await g.opened;
      await new Promise((r) => setImmediate(r));
      running--;
      return i;
    };
    const all = [0, 1, 2, 3, 4].map((i) => q.run(task(i)));
    await new Promise((r) => setImmediate(r));
    expect([q.active, q.waiting]).toEqual([2, 3]);
    await expect(q.run(task(5))).rejects.toThrow(QueueFullError);
    g.open();
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4]);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(q.peak).toBe(2);
    expect([q.active, q.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a task that fails', async () => {
    const q = boundedQueue(1, 1);
    await expect(q.run(async () => Promise.reject(new Error('bad photo')))).rejects.toThrow('bad photo');
    expect(await q.run(async () => 'next')).toBe('next');
    expect(q.active).toBe(0);
  });
});
