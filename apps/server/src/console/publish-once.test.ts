import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadEnv } from '../env.ts';
import { selectJobQueue } from '../jobs/select-queue.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { userRepository } from '../users/user-repository.ts';
import { CONTENT_DIR, createTestDb, DIALECTS, fakeSms, testClock } from '../../test/support/test-app.ts';
import { userCommand } from '../../../../scripts/user.ts';
import { consoleServices, setContentBackend } from './console-services.ts';
import { memoryBackend } from './testing/memory-backend.ts';

const MINUTE = 60_000;

/**
 * Issue #29: a scheduled publish happens exactly once with two instances — each running the publish
 * workers on the real job queue (pg-boss on PostgreSQL) and sweeping for due schedules.
 */
describe.each(DIALECTS)('scheduled publishing with two instances on %s (issue #29)', (dialect) => {
  let made: Awaited<ReturnType<typeof createTestDb>>;
  const clock = testClock();
  const backend = memoryBackend();
  const apps: FastifyInstance[] = [];
  const queues: JobQueue[] = [];
  const sweeps: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    made = await createTestDb(dialect);
    const env = loadEnv(
      {},
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        CONTENT_DIR,
        SECRET_KEY: 'test-secret-key-of-at-least-32-characters',
        PUBLIC_ORIGIN: 'http://localhost',
      },
    );
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({ env, db: made.db, sms: fakeSms(), clock: clock.now, serveWeb: false, wechat: null });
      await app.ready();
      setContentBackend(app.ctx, backend);
      const queue = await selectJobQueue(made.db, made.url, () => {});
      const { sweep } = await consoleServices(app.ctx).start(queue, { sweepMs: 3_600_000 });
      apps.push(app);
      queues.push(queue);
      sweeps.push(sweep);
    }
  });
  afterAll(async () => {
    for (const q of queues) await q.stop();
    for (const app of apps) await app.close();
    await made.db.destroy();
    await made.drop();
  });

  it('publishes an approved revision at its time, once, whichever instance gets there', async () => {
    const users = userRepository(made.db, clock.now);
    const editor = await users.findOrCreate('+8613900292001');
    const reviewer = await users.findOrCreate('+8613900292002');
    const [a, b] = apps.map((app) => consoleServices(app.ctx).workflow);
    const actor = (u: { id: string }, ...roles: ('editor' | 'reviewer')[]) => ({ id: u.id, roles: ['user' as const, ...roles] });
    const draft = await a!.createDraft(actor(editor, 'editor'), {
      kind: 'thing',
      itemId: 'lamp',
      isNew: false,
      source: { format: 'json', value: { id: 'lamp', name: '艾灸灯', price: 259 } },
    });
    await a!.submit(actor(editor, 'editor'), draft.id);
    const { schedule } = await b!.approve(actor(reviewer, 'reviewer'), draft.id, clock.now() + MINUTE);
    expect(schedule).toBe(clock.now() + MINUTE);
    for (const app of apps) await consoleServices(app.ctx).schedule(draft.id, schedule!);

    // Not yet due on the app's clock: both instances' workers and sweeps leave it.
    await Promise.all(sweeps.map((s) => s()));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await a!.revision(draft.id)).state).toBe('approved');

    clock.advance(MINUTE);
    // Both sweep, both workers run, and both also try directly: one publish.
    await Promise.all([...sweeps.map((s) => s()), a!.publish(draft.id), b!.publish(draft.id)]);
    for (let i = 0; i < 100 && (await a!.revision(draft.id)).state !== 'published'; i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await b!.revision(draft.id)).toMatchObject({ state: 'published', version: 1 });
    expect((await a!.versions('thing', 'lamp')).map((v) => v.version)).toEqual([1, 0]);
    expect(backend.announced).toHaveLength(1);
    const published = (await a!.audit({ action: 'content.publish', limit: 10 })).filter((e) => e.subject === 'content:thing/lamp');
    expect(published).toHaveLength(1);
    expect(published[0]!.actor?.id).toBe(reviewer.id);
  });

  it('grants the reviewer role with `npm run user -- grant reviewer`, in the audit trail', async () => {
    const lines: string[] = [];
    const env = loadEnv({ DATABASE_URL: made.url, SQLITE_PATH: made.sqlitePath });
    expect(await userCommand(['grant', 'reviewer', '13900292003'], env, (l) => lines.push(l))).toBe(0);
    expect(lines.join('\n')).toContain('审核员');
    const users = userRepository(made.db, clock.now);
    const user = (await users.findByMobile('+8613900292003'))!;
    expect(await users.rolesOf(user.id)).toEqual(['user', 'reviewer']);
    const entries = await consoleServices(apps[0]!.ctx).workflow.audit({ action: 'role.grant', limit: 10 });
    expect(entries.find((e) => e.subject === `user:${user.id}`)?.detail).toEqual({ role: 'reviewer', via: 'cli' });
  });
});
