import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestDb, testClock } from '../../test/support/test-app.ts';
import { smsCodeService } from './sms-code-service.ts';

const SECRET = 'a-test-secret-of-some-length';
const hash = (e164: string, code: string) => createHmac('sha256', SECRET).update(`${e164}:${code}`).digest('hex');
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

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
      purpose: 'login',
      requester: null,
    });
    const now = clock.now();
    // Rows as two racing issues could leave them, listed out of order.
    await db()
      .insertInto('sms_codes')
      .values([row('b', '222222', now - 1000), row('a', '111111', now - 2000), row('c', '333333', now - 500, now - 100)])
      .execute();
    expect(await codes.verify(mobile, 'login', '111111')).toEqual({ ok: false, reason: 'wrong', left: 4 });
    expect(await codes.verify(mobile, 'login', '333333')).toEqual({ ok: false, reason: 'wrong', left: 3 });
    expect(await codes.verify(mobile, 'login', '222222')).toEqual({ ok: true });
    expect(await codes.verify(mobile, 'login', '222222')).toEqual({ ok: false, reason: 'wrong', left: 4 }); // now 'a' is the newest live one
    expect(await db().selectFrom('sms_codes').select(['id', 'attempts']).where('mobile', '=', mobile).orderBy('id').execute()).toEqual([
      { id: 'a', attempts: 1 },
      { id: 'b', attempts: 2 },
      { id: 'c', attempts: 0 },
    ]);
  });

  it('answers none when no live code is left', async () => {
    const codes = smsCodeService(db(), SECRET, 300);
    expect(await codes.verify('+8613600136000', 'login', '123456')).toEqual({ ok: false, reason: 'none', left: 0 });
  });

  it('keeps codes of different purposes apart (issue #27 item 10)', async () => {
    const codes = smsCodeService(db(), SECRET, 300);
    const mobile = '+8613500135000';
    const deletion = await codes.issue(mobile, 'delete-account');
    const login = await codes.issue(mobile, 'login');
    // The newer login code did not end the pending step-up code, and neither answers for the other.
    expect(await codes.verify(mobile, 'login', deletion.code)).toMatchObject({ ok: false });
    expect(await codes.verify(mobile, 'wechat', deletion.code)).toEqual({ ok: false, reason: 'none', left: 0 });
    expect(await codes.verify(mobile, 'delete-account', login.code)).toMatchObject({ ok: false });
    expect(await codes.verify(mobile, 'delete-account', deletion.code)).toEqual({ ok: true });
    expect(await codes.verify(mobile, 'login', login.code)).toEqual({ ok: true });
    // A new code of a purpose ends the earlier one of that purpose only.
    const first = await codes.issue(mobile, 'wechat');
    const pending = await codes.issue(mobile, 'login');
    const second = await codes.issue(mobile, 'wechat');
    expect(await codes.verify(mobile, 'wechat', first.code)).toMatchObject({ ok: false });
    expect(await codes.verify(mobile, 'wechat', second.code)).toEqual({ ok: true });
    expect(await codes.verify(mobile, 'login', pending.code)).toEqual({ ok: true });
  });

  it('counts wrong tries only from the client that asked for the code (issue #27 item 1)', async () => {
    const codes = smsCodeService(db(), SECRET, 300);
    const mobile = '+8613400134000';
    const { code } = await codes.issue(mobile, 'login', '10.1.1.1');
    const stored = await db().selectFrom('sms_codes').select('requester').where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(stored.requester).toMatch(/^[0-9a-f]{32}$/);
    expect(stored.requester).not.toContain('10.1.1.1');
    // Another client's wrong tries leave the code as it was, however many.
    for (let i = 0; i < 8; i++)
      expect(await codes.verify(mobile, 'login', wrongOf(code), { client: '10.2.2.2' })).toEqual({ ok: false, reason: 'foreign', left: 5 });
    // Strict (the number is over its budget): another client is not compared at all, not even when right.
    expect(await codes.verify(mobile, 'login', code, { client: '10.2.2.2', strict: true })).toEqual({
      ok: false,
      reason: 'refused',
      left: 0,
    });
    // The code's own client: counted; strict, one wrong try kills the code.
    expect(await codes.verify(mobile, 'login', wrongOf(code), { client: '10.1.1.1' })).toEqual({ ok: false, reason: 'wrong', left: 4 });
    expect(await codes.verify(mobile, 'login', wrongOf(code), { client: '10.1.1.1', strict: true })).toEqual({
      ok: false,
      reason: 'wrong',
      left: 0,
    });
    expect(await codes.verify(mobile, 'login', code, { client: '10.1.1.1' })).toEqual({ ok: false, reason: 'dead', left: 0 });
    // A right code is accepted from any client while the number is within its budget, and from its own client always.
    const next = await codes.issue(mobile, 'login', '10.1.1.1');
    expect(await codes.verify(mobile, 'login', next.code, { client: '10.3.3.3' })).toEqual({ ok: true });
    const last = await codes.issue(mobile, 'login', '10.1.1.1');
    expect(await codes.verify(mobile, 'login', last.code, { client: '10.1.1.1', strict: true })).toEqual({ ok: true });
  });
});
