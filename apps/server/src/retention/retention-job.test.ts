import { DAY_MS, RETENTION } from '@moxa/core/legal/retention';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditRepository } from '../audit/audit-repository.ts';
import { newCaller, type Caller } from '../../test/support/owned-resources.ts';
import { loginAs } from '../../test/support/login-helpers.ts';
import { consultationRequest, multipartBody } from '../../test/support/multipart.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { retentionPurge, scheduleDaily } from './retention-job.ts';

/**
 * Issue #27 item 18: the periods the 隐私政策 states are enforced by a daily job, tested on both
 * databases with the test clock: a consultation goes with its messages and photos once it has been
 * untouched for RETENTION.consultationDays (not a day earlier), audit entries after RETENTION.auditDays;
 * newer ones and everything else stay.
 */
describe.each(DIALECTS)('retention purge on %s', (dialect) => {
  let t: TestApp;
  let user: Caller;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await newCaller(t);
  });
  afterAll(async () => t.close());

  const auth = () => ({ authorization: `Bearer ${user.token}` });
  async function consult(symptoms: string): Promise<string> {
    const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#aa3311' } })
      .jpeg()
      .toBuffer();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v8/consultations',
      ...multipartBody({ data: JSON.stringify(consultationRequest(symptoms)) }, [{ name: 'photos', filename: 'a.jpg', bytes: photo }]),
      headers: { ...multipartBody({}, []).headers, ...auth() },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  }
  const rowsOf = async (caseId: string) => ({
    cases: (await t.db.selectFrom('cases').select('id').where('id', '=', caseId).execute()).length,
    messages: (await t.db.selectFrom('case_messages').select('id').where('case_id', '=', caseId).execute()).length,
    photos: (await t.db.selectFrom('case_photos').select('id').where('case_id', '=', caseId).execute()).length,
  });

  it('deletes consultations (messages, photos) and audit entries past their period, and nothing younger', async () => {
    const audit = auditRepository(t.db, t.clock.now);
    const purge = retentionPurge(t.db, t.clock.now);
    const old = await consult('旧的咨询：膝盖怕冷');
    await t.app.inject({ method: 'POST', url: `/api/v8/cases/${old}/messages`, payload: { body: '补充一句' }, headers: auth() });
    await t.app.inject({ method: 'POST', url: `/api/v8/cases/${old}/close`, headers: auth() });
    await audit.record({ actorId: user.userId, action: 'account.export', subject: `user:${user.userId}`, detail: { photos: 1 } });
    expect(await rowsOf(old)).toEqual({ cases: 1, messages: 1, photos: 1 });

    // A year later another consultation and another audit entry.
    t.clock.advance(365 * DAY_MS);
    user = { ...user, token: (await loginAs(t, user.mobile)).token };
    const newer = await consult('新的咨询：失眠');
    await audit.record({ actorId: user.userId, action: 'account.export', subject: `user:${user.userId}` });

    // One day short of the period for the first: nothing goes.
    t.clock.advance((RETENTION.consultationDays - 365 - 1) * DAY_MS);
    expect(await purge.run()).toEqual({ consultations: 0, auditEvents: 0, vitals: 0 });
    expect(await rowsOf(old)).toEqual({ cases: 1, messages: 1, photos: 1 });

    // Two days later the first consultation and the first entry are past their period.
    t.clock.advance(2 * DAY_MS);
    expect(await purge.run()).toEqual({ consultations: 1, auditEvents: 1, vitals: 0 });
    expect(await rowsOf(old)).toEqual({ cases: 0, messages: 0, photos: 0 });
    expect(await rowsOf(newer)).toEqual({ cases: 1, messages: 0, photos: 1 });
    user = { ...user, token: (await loginAs(t, user.mobile)).token };
    expect((await audit.list({ actorId: user.userId })).length).toBe(1);
    // The owner's list no longer has it; running again deletes nothing more.
    const list = (await t.app.inject({ url: '/api/v8/cases', headers: auth() })).json().data as { id: string }[];
    expect(list.map((c) => c.id)).toEqual([newer]);
    expect(await purge.run()).toEqual({ consultations: 0, auditEvents: 0, vitals: 0 });
  });
});

describe('the daily schedule (issue #27 item 18)', () => {
  it('runs the purge shortly after start, then once a day, until stopped; a failed run is reported and the next still runs', async () => {
    vi.useFakeTimers();
    try {
      let runs = 0;
      const errors: unknown[] = [];
      const job = scheduleDaily(
        async () => {
          runs++;
          if (runs === 2) throw new Error('database away');
        },
        (err) => errors.push(err),
        { firstDelayMs: 60_000 },
      );
      await vi.advanceTimersByTimeAsync(59_000);
      expect(runs).toBe(0);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(runs).toBe(1);
      await vi.advanceTimersByTimeAsync(DAY_MS);
      expect(runs).toBe(2);
      expect(errors).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(DAY_MS);
      expect(runs).toBe(3);
      job.stop();
      await vi.advanceTimersByTimeAsync(3 * DAY_MS);
      expect(runs).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
