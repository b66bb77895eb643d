import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestDb, testClock } from '../test/test-app.ts';
import { smsCodeService } from './sms-code-service.ts';

const SECRET = 'a-test-secret-of-some-length';
const hash = (e164: string, code: string) => createHmac('sha256', SECRET).update(`${e164}:${code}`).digest('hex');

describe.each(DIALECTS)('SMS code checks on %s (issue #6)', (dialect) => {
  const db = useTestDb(dialect);

  it('checks the newest live code when a number has several', async () => {
    const clock = testClock();
    const codes = smsCodeService(db(), SECRET, 300, clock.now);
    const mobile = '+8613700137000';
    const row = (id: string, code: string, created: number, used: number | null = null) => ({
      id,
      mobile,
      code_hash: hash(mobile, code),
      created_at: created,
      expires_at: created + 300_000,
      attempts: 0,
      used_at: used,
    });
    const now = clock.now();
    // Rows as two racing issues could leave them, listed out of order.
    await db()
      .insertInto('sms_codes')
      .values([row('b', '222222', now - 1000), row('a', '111111', now - 2000), row('c', '333333', now - 500, now - 100)])
      .execute();
    expect(await codes.verify(mobile, '111111')).toEqual({ ok: false, reason: 'wrong', left: 4 });
    expect(await codes.verify(mobile, '333333')).toEqual({ ok: false, reason: 'wrong', left: 3 });
    expect(await codes.verify(mobile, '222222')).toEqual({ ok: true });
    expect(await codes.verify(mobile, '222222')).toEqual({ ok: false, reason: 'wrong', left: 4 }); // now 'a' is the newest live one
    expect(await db().selectFrom('sms_codes').select(['id', 'attempts']).where('mobile', '=', mobile).orderBy('id').execute()).toEqual([
      { id: 'a', attempts: 1 },
      { id: 'b', attempts: 2 },
      { id: 'c', attempts: 0 },
    ]);
  });

  it('answers none when no live code is left', async () => {
    const codes = smsCodeService(db(), SECRET, 300);
    expect(await codes.verify('+8613600136000', '123456')).toEqual({ ok: false, reason: 'none', left: 0 });
  });
});
