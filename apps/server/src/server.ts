import { buildApp } from './app.ts';
import { ContentError } from './content/content-kind.ts';
import { loadContent } from './content/load-content.ts';
import { migrate, openDatabase, retryCleanup } from './db/database.ts';
import { assertDeployable, loadEnv } from './env.ts';
import { applyConnectionLimits } from './lib/connection-limits.ts';
import { purgeExpired } from './lib/limit-store.ts';
import { retentionPurge, scheduleDaily } from './retention/retention-job.ts';
import { selectJobQueue } from './jobs/select-queue.ts';
import { consoleServices } from './console/console-services.ts';
import { previewRecords } from './content/content-previews.ts';

/** Listens and closes gracefully (design §7: server.ts only starts and stops). */
const env = loadEnv();
assertDeployable(env);
const db = openDatabase(env.DATABASE_URL, env.SQLITE_PATH);
await migrate(db);
// A broken content file refuses the whole load (issue #14 §1): the content loaded before stays
// served, and the error names the file to fix. With nothing loaded before, there is nothing to serve.
let report: Awaited<ReturnType<typeof loadContent>> | Error;
try {
  report = await loadContent(db, env.CONTENT_DIR);
} catch (err) {
  const loadedBefore = await db.selectFrom('content_meta').select('hash').executeTakeFirst();
  if (!(err instanceof ContentError) || !loadedBefore) throw err;
  report = err;
}
const app = await buildApp({ env, db });
if (report instanceof Error) app.log.error({ err: report.message }, 'content refused; still serving the content loaded before');
else app.log.info({ content: report }, report.changed ? 'content loaded' : 'content unchanged');
app.log.info(
  { store: app.ctx.limits.kind },
  app.ctx.limits.kind === 'redis'
    ? 'limits, replay protection: Redis'
    : 'limits, replay protection: kept in the database (set REDIS_URL to use Redis)',
);
if (app.ctx.sms.name === 'console') {
  app.log.warn(
    env.SMS_CONSOLE_ALLOWED
      ? 'SMS_PROVIDER=console: no SMS is really sent; verification codes are printed to this log'
      : 'SMS_PROVIDER=console: no SMS is really sent; verification codes are printed to this log, so this server serves this machine only (docs/operations.md)',
  );
}
// Requests arriving before Redis is connected would be refused (limits fail closed): wait a moment for it.
await Promise.race([app.ctx.limits.ready(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
// Expired limit windows, salts, codes and tickets, sessions that can no longer be used (issue #13 item 6),
// and expired console previews (decision 045).
const purgeAll = async () => {
  await purgeExpired(db);
  await app.ctx.sessions.purge();
  await previewRecords(db).purge(Date.now());
  // Issue #27 item 3: SQLite empties its WAL (old page images of anything deleted since); PostgreSQL
  // retries a VACUUM that could not run right after a deletion.
  await retryCleanup(db, app.log);
};
const purge = setInterval(() => void purgeAll().catch((err: unknown) => app.log.warn({ err }, 'purge failed')), 10 * 60 * 1000);
purge.unref();
// Issue #27 item 18: the retention periods the 隐私政策 states, enforced once a day.
const retention = retentionPurge(db, Date.now);
scheduleDaily(
  async () => {
    const report = await retention.run();
    if (report.consultations + report.auditEvents + report.vitals > 0) app.log.info({ purged: report }, 'expired data deleted (retention)');
  },
  (err: unknown) => app.log.warn({ err }, 'retention purge failed'),
);

// Issue #27 item 9: slow and idle clients are cut off; at most MAX_CONNECTIONS at once.
applyConnectionLimits(app.server, env);
await app.listen({ host: env.HOST, port: env.PORT });
const shown = env.HOST === '0.0.0.0' ? 'localhost' : env.HOST;
// Issue #31: this instance's workers for notices and course reminders (pg-boss on PostgreSQL).
const jobs = await selectJobQueue(db, env.DATABASE_URL, (err) => app.log.warn({ err: String(err) }, 'job queue error'));
await app.ctx.notifier.start(jobs, `http://${shown}:${(app.server.address() as { port: number } | null)?.port ?? env.PORT}`);
// Issue #29: scheduled content publishes (exactly once across instances).
await consoleServices(app.ctx, app.log).start(jobs);
process.stdout.write(
  `\n  艾灸养生 H5 is running at http://${shown}:${app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : env.PORT}/\n  Database: ${db.dialect}\n\n`,
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, env.SHUTDOWN_TIMEOUT_MS);
  force.unref();
  try {
    await app.close();
    await db.destroy();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
