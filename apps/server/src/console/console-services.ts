import type { FastifyRequest } from 'fastify';
import { CONSOLE_FRESH_LOGIN_MS, CONSOLE_IDLE_MS } from '@moxa/core/console/console-contract';
import type { User } from '@moxa/core/login/login-info';
import { CONSOLE_ROLES, hasRole, type Role } from '@moxa/core/login/roles';
import type { JobQueue } from '../jobs/job-queue.ts';
import { forbidden, notLoggedIn } from '../lib/app-error.ts';
import { bearerToken, requireUser, type AppContext } from '../lib/context.ts';
import { hashToken } from '../login/session-service.ts';
import type { ContentBackend } from './content-backend.ts';
import { consoleRepository, type ConsoleRepository } from './console-repository.ts';
import { pipelineBackend } from './pipeline-backend.ts';
import { consoleWorkflow, PUBLISH_LEASE_MS, type ConsoleWorkflow } from './workflow.ts';

export const MSG_LOGIN_TOO_OLD = '后台登录已超过12小时，请重新获取短信验证码登录';
export const MSG_IDLE = '您已30分钟未操作，请重新登录';
export const MSG_SMS_NEEDED = '后台需要用手机号和短信验证码登录';
/** A console request's activity is written at most this often (the idle limit is 30 minutes). */
const TOUCH_GRANULARITY_MS = 15 * 1000;

export const PUBLISH_QUEUE = 'content-publish';
/** How often each instance looks for scheduled publishes that are due (the job itself is queued for the time). */
const SWEEP_MS = 15 * 1000;

export type ConsoleUser = User & { mobile: string; roles: Role[]; smsLoginAt: number };

/** The console's pieces for one app (issue #29): built once per app context, whatever rebuilds the routes. */
export type ConsoleServices = {
  repo: ConsoleRepository;
  workflow: ConsoleWorkflow;
  /** The signed-in staff member for a console request: 401 when the login is too old or idle, 403 without a staff role. */
  access(request: FastifyRequest): Promise<ConsoleUser>;
  /** Queues the publish of an approved revision for its time (a no-op until the workers started). */
  schedule(revisionId: string, at: number): Promise<void>;
  /** This instance's publish workers on the job queue, and the sweep for due schedules. */
  start(queue: JobQueue, opts?: { sweepMs?: number }): Promise<{ sweep: () => Promise<void> }>;
  stop(): void;
};

const services = new WeakMap<AppContext, ConsoleServices>();
const backends = new WeakMap<AppContext, ContentBackend>();

/**
 * Sets the content the console edits for an app (tests: console/testing/memory-backend.ts). Without
 * it, the content pipeline (pipeline-backend.ts): the published sources, the core checks, live publish.
 */
export function setContentBackend(ctx: AppContext, backend: ContentBackend): void {
  backends.set(ctx, backend);
}

type Log = { info: (o: object, m: string) => void; warn: (o: object, m: string) => void };

/** The console services of an app; the first caller with a logger gives them theirs (the route plugin: the app's). */
export function consoleServices(ctx: AppContext, logger?: Log): ConsoleServices {
  const known = services.get(ctx);
  if (known) return known;
  const repo = consoleRepository(ctx.db);
  let pipeline: ContentBackend | null = null;
  const log: Log = logger ?? { info: () => {}, warn: () => {} };
  const workflow = consoleWorkflow({
    repo,
    audit: ctx.audit,
    users: ctx.users,
    clock: ctx.clock,
    log: { info: (o, m) => log.info(o, m), warn: (o, m) => log.warn(o, m) },
    // The real content pipeline unless a test set another (setContentBackend).
    backend: () => backends.get(ctx) ?? (pipeline ??= pipelineBackend(ctx)),
  });
  const checked = new WeakMap<FastifyRequest, ConsoleUser>();
  let queue: JobQueue | null = null;
  let timer: NodeJS.Timeout | null = null;

  const made: ConsoleServices = {
    repo,
    workflow,
    async access(request) {
      const known = checked.get(request);
      if (known) return known;
      const user = await requireUser(ctx, request);
      const roles = await ctx.users.rolesOf(user.id);
      if (!hasRole(roles, CONSOLE_ROLES)) throw forbidden();
      const tokenHash = hashToken(bearerToken(request)!);
      const session = await repo.consoleSession(tokenHash);
      if (!session || session.smsLoginAt === null) throw notLoggedIn(MSG_SMS_NEEDED);
      const now = ctx.clock();
      if (now - session.smsLoginAt >= CONSOLE_FRESH_LOGIN_MS) throw notLoggedIn(MSG_LOGIN_TOO_OLD);
      const lastActive = session.consoleSeenAt ?? session.smsLoginAt;
      if (now - lastActive >= CONSOLE_IDLE_MS) throw notLoggedIn(MSG_IDLE);
      if (now - lastActive >= TOUCH_GRANULARITY_MS || session.consoleSeenAt === null) await repo.touchConsole(tokenHash, now);
      const result = { ...user, roles, smsLoginAt: session.smsLoginAt };
      checked.set(request, result);
      return result;
    },
    async schedule(revisionId, at) {
      await queue?.send(PUBLISH_QUEUE, { revisionId }, { singletonKey: revisionId, startAfter: at });
    },
    async start(q, opts = {}) {
      queue = q;
      await q.createQueue(PUBLISH_QUEUE, { retryLimit: 8, retryDelaySeconds: 15, retryBackoff: true, expireInSeconds: 300 });
      await q.work<{ revisionId: string }>(PUBLISH_QUEUE, async (job) => {
        // The claim inside makes it once across instances; "not due" (an early start) waits for the sweep.
        await workflow.publish(job.data.revisionId);
      });
      const sweep = async () => {
        const now = ctx.clock();
        for (const id of await repo.due(now, now - PUBLISH_LEASE_MS)) await q.send(PUBLISH_QUEUE, { revisionId: id }, { singletonKey: id });
      };
      timer = setInterval(
        () => void sweep().catch((err: unknown) => log.warn({ err: String(err) }, 'publish sweep failed')),
        opts.sweepMs ?? SWEEP_MS,
      );
      timer.unref();
      await q.start();
      return { sweep };
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      queue = null;
    },
  };
  services.set(ctx, made);
  return made;
}
