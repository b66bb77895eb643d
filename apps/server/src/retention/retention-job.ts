import { DAY_MS, retentionCutoffs } from '@moxa/core/legal/retention';
import { afterSensitiveDelete, recordDeletion, type Db } from '../db/database.ts';
import { vitalsRepository } from '../vitals/vitals-repository.ts';

/** Rows deleted by one run, per kind. */
type PurgeReport = { consultations: number; auditEvents: number; vitals: number };

const BATCH = 200;

/**
 * Issue #27 item 18: the retention periods the 隐私政策 states (RETENTION in packages/core), enforced.
 * A consultation goes, with its messages and photos, once it has been closed or untouched for
 * RETENTION.consultationDays; audit entries after RETENTION.auditDays; page-speed reports (issue #33
 * item 5) after RETENTION.vitalsDays. Expired codes, tickets and
 * sessions are purged every 10 minutes already (server.ts). Idempotent: every instance may run it.
 */
export function retentionPurge(db: Db, clock: () => number) {
  return {
    async run(): Promise<PurgeReport> {
      const cut = retentionCutoffs(clock());
      let consultations = 0;
      for (;;) {
        const ids = (await db.selectFrom('cases').select('id').where('updated_at', '<', cut.consultations).limit(BATCH).execute()).map(
          (r) => r.id,
        );
        if (ids.length === 0) break;
        // Photos and messages explicitly, as case deletion does (the foreign keys cascade as well).
        await db.transaction().execute(async (tx) => {
          await tx.deleteFrom('case_photos').where('case_id', 'in', ids).execute();
          await tx.deleteFrom('case_messages').where('case_id', 'in', ids).execute();
          await tx.deleteFrom('cases').where('id', 'in', ids).execute();
          // A restore from an older backup deletes them again (decision 026).
          for (const id of ids) await recordDeletion(tx, 'case', id, clock());
        });
        consultations += ids.length;
      }
      const audit = await db.deleteFrom('audit_events').where('at', '<', cut.audit).executeTakeFirst();
      if (consultations > 0) await afterSensitiveDelete(db);
      const vitals = await vitalsRepository(db, clock).purgeBefore(cut.vitals);
      return { consultations, auditEvents: Number(audit.numDeletedRows), vitals };
    },
  };
}

/**
 * Runs `task` once a day in this process, the first time `firstDelayMs` after start (a restart does
 * not wait a whole day). Timers are unref'd, so they never keep the process alive; `stop` ends them.
 */
export function scheduleDaily(
  task: () => Promise<unknown>,
  onError: (err: unknown) => void,
  { firstDelayMs = 60_000, intervalMs = DAY_MS }: { firstDelayMs?: number; intervalMs?: number } = {},
): { stop: () => void } {
  const run = () => void task().catch(onError);
  let interval: ReturnType<typeof setInterval> | undefined;
  const first = setTimeout(() => {
    run();
    interval = setInterval(run, intervalMs);
    interval.unref?.();
  }, firstDelayMs);
  first.unref?.();
  return {
    stop: () => {
      clearTimeout(first);
      if (interval) clearInterval(interval);
    },
  };
}
