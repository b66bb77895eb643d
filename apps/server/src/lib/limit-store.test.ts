import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestDb, testClock } from '../test/test-app.ts';
import { databaseLimitStore } from './limit-store.ts';

describe.each(DIALECTS)('database limit store on %s (issue #6)', (dialect) => {
  const db = useTestDb(dialect);

  it('counts every one of many concurrent hits exactly once', async () => {
    const limits = databaseLimitStore(db());
    const counts = await Promise.all(Array.from({ length: 50 }, () => limits.hit('login:ip:h:192.0.2.1', 3600).then((r) => r.count)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // A second store on the same database (another instance) continues the same count.
    expect((await databaseLimitStore(db()).hit('login:ip:h:192.0.2.1', 3600)).count).toBe(51);
  });

  it('starts a new window once the old one has expired', async () => {
    const clock = testClock();
    const limits = databaseLimitStore(db(), clock.now);
    expect(await limits.hit('k', 60)).toEqual({ count: 1, retryAfter: 60 });
    clock.advance(20_000);
    expect(await limits.hit('k', 60)).toEqual({ count: 2, retryAfter: 40 });
    clock.advance(40_000);
    expect(await limits.hit('k', 60)).toEqual({ count: 1, retryAfter: 60 });
  });
});
