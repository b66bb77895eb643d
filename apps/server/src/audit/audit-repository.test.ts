import { describe, expect, it } from 'vitest';
import { DIALECTS, testClock, useTestDb } from '../../test/support/test-app.ts';
import { auditRepository } from './audit-repository.ts';

/**
 * Issue #27 item 16: the audit trail is append-only (the repository can add and list entries, nothing
 * else) and its detail cannot carry personal data: counts, flags and lower-case identifiers only.
 */
describe.each(DIALECTS)('audit trail on %s', (dialect) => {
  const db = useTestDb(dialect);

  it('appends and lists entries, newest first, by actor or action; it has no way to change or delete one', async () => {
    const clock = testClock();
    const audit = auditRepository(db(), clock.now);
    expect(Object.keys(audit).sort()).toEqual(['list', 'record']);
    const a = await audit.record({
      actorId: 'u1',
      action: 'account.export',
      subject: 'user:u1',
      detail: { sections: { favorites: 2 }, photos: 0 },
    });
    clock.advance(1000);
    await audit.record({ actorId: 'u2', action: 'account.export', subject: 'user:u2' });
    clock.advance(1000);
    await audit.record({ actorId: null, action: 'content.publish', subject: 'content:acupoint', detail: { kind: 'acupoint', ok: true } });
    expect((await audit.list()).map((e) => e.subject)).toEqual(['content:acupoint', 'user:u2', 'user:u1']);
    expect(await audit.list({ actorId: 'u1' })).toEqual([
      {
        id: a.id,
        at: a.at,
        actorId: 'u1',
        action: 'account.export',
        subject: 'user:u1',
        detail: { sections: { favorites: 2 }, photos: 0 },
      },
    ]);
    expect((await audit.list({ action: 'account.export', limit: 1 })).map((e) => e.actorId)).toEqual(['u2']);
    expect((await audit.list({ before: a.at + 1 })).map((e) => e.actorId)).toEqual(['u1']);
  });

  it('refuses a detail with anything a person typed or a phone number in it, writing nothing', async () => {
    const audit = auditRepository(db(), Date.now);
    const before = (await audit.list({ limit: 500 })).length;
    for (const detail of [
      { mobile: '13800138000' },
      { name: '王阿姨' },
      { note: 'Knee pain' },
      { nested: { phone: 'a13800138000' } },
      { list: [1, 2] },
    ])
      await expect(audit.record({ actorId: 'u1', action: 'account.export', subject: 'user:u1', detail: detail as never })).rejects.toThrow(
        /no personal data/,
      );
    expect((await audit.list({ limit: 500 })).length).toBe(before);
  });
});
