import { describe, expect, it } from 'vitest';
import { DIALECTS, testClock, useTestDb } from '../../test/support/test-app.ts';
import { userRepository } from '../users/user-repository.ts';
import { sessionService } from './session-service.ts';

const DAY = 86400_000;

describe.each(DIALECTS)('sessions on %s (issue #13 item 6)', (dialect) => {
  const db = useTestDb(dialect);
  const setup = async () => {
    const clock = testClock();
    const sessions = sessionService(db(), { ttlDays: 30, idleDays: 7 }, clock.now);
    const users = userRepository(db(), clock.now);
    const user = await users.findOrCreate(`+86138${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
    return { clock, sessions, user, users };
  };

  it('ends a session after 7 idle days, and each use slides that window', async () => {
    const { clock, sessions, user } = await setup();
    const used = await sessions.issue(user.id);
    const idle = await sessions.issue(user.id);
    for (let day = 0; day < 4; day++) {
      clock.advance(6 * DAY);
      expect(await sessions.verify(used), `day ${(day + 1) * 6}`).toMatchObject({ id: user.id });
    }
    expect(await sessions.verify(idle)).toBeNull();
  });

  it('keeps the absolute limit however often the session is used', async () => {
    const { clock, sessions, user } = await setup();
    const token = await sessions.issue(user.id);
    for (let day = 1; day < 30; day++) {
      clock.advance(DAY);
      expect(await sessions.verify(token)).not.toBeNull();
    }
    clock.advance(DAY);
    expect(await sessions.verify(token)).toBeNull();
  });

  it('revokes every session of the user with revokeAll, or all but one, and no one else’s', async () => {
    const { sessions, user, users } = await setup();
    const other = await users.findOrCreate('+8613900139111');
    const a = await sessions.issue(user.id);
    const b = await sessions.issue(user.id);
    const c = await sessions.issue(user.id);
    const theirs = await sessions.issue(other.id);
    expect(await sessions.revokeAll(user.id, a)).toBe(2);
    expect(await sessions.verify(a)).not.toBeNull();
    expect(await sessions.verify(b)).toBeNull();
    expect(await sessions.verify(c)).toBeNull();
    expect(await sessions.revokeAll(user.id)).toBe(1);
    expect(await sessions.verify(a)).toBeNull();
    expect(await sessions.verify(theirs)).not.toBeNull();
  });

  it('purges expired, revoked and idle sessions and keeps live ones', async () => {
    const { clock, sessions, user } = await setup();
    await db().deleteFrom('sessions').execute();
    const revoked = await sessions.issue(user.id);
    await sessions.revoke(revoked);
    const idle = await sessions.issue(user.id);
    clock.advance(6 * DAY);
    const live = await sessions.issue(user.id);
    clock.advance(2 * DAY);
    expect(await sessions.purge()).toBe(2);
    const left = await db().selectFrom('sessions').select('token_hash').execute();
    expect(left).toHaveLength(1);
    expect(await sessions.verify(live)).not.toBeNull();
    expect(await sessions.verify(idle)).toBeNull();
    clock.advance(30 * DAY);
    expect(await sessions.purge()).toBe(1);
  });
});
