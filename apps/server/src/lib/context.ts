import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { User } from '@moxa/core/login/login-info';
import { hasRole, type Role } from '@moxa/core/login/roles';
import type { ContentStatusRepository } from '../content/content-status.ts';
import type { DatabaseHealth } from '../db/database-health.ts';
import type { Db } from '../db/database.ts';
import type { Env } from '../env.ts';
import type { SessionService } from '../login/session-service.ts';
import type { SmsCodeService } from '../login/sms-code-service.ts';
import type { PhysicalRecordRepository } from '../physical/physical-records.ts';
import type { SmsProvider } from '../sms/sms-provider.ts';
import type { UserRepository } from '../users/user-repository.ts';
import type { CaseRepository } from '../cases/case-repository.ts';
import type { MoxaSessionRepository } from '../moxa/moxa-session-repository.ts';
import type { ConsentRepository } from '../consent/consent-repository.ts';
import type { SavedItemRepository } from '../mine/saved-items.ts';
import type { SearchMisses } from '../search/search-misses.ts';
import type { LimitStore } from './limit-store.ts';
import type { WechatApi } from '../wechat/wechat-api.ts';
import type { WechatRepository } from '../wechat/wechat-repository.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';
import type { CourseRepository } from '../courses/course-repository.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { AdvisorProfileRepository } from '../advisors/advisor-profile-repository.ts';
import type { ContentEvents } from '../content/content-events.ts';
import type { ContentPreviews } from '../content/content-previews.ts';
import type { ObjectStore } from '../media/uploads/object-store.ts';
import { forbidden, notLoggedIn } from './app-error.ts';

/** What every route plugin gets (design §7: services as plugins, one way to reach them). */
export type AppContext = {
  env: Env;
  db: Db;
  limits: LimitStore;
  sessions: SessionService;
  users: UserRepository;
  cases: CaseRepository;
  physicalRecords: PhysicalRecordRepository;
  /** Issue #18: guided moxibustion sessions (`sessions` above are login sessions). */
  moxaSessions: MoxaSessionRepository;
  /** Issue #27 item 15: the consent ledger; saving health data needs a consent of its purpose. */
  consents: ConsentRepository;
  /** Issue #27 item 16: the append-only audit trail (exports; the console issue #29 adds more). */
  audit: AuditRepository;
  /** Favourites and browsing history (issue #18). */
  savedItems: SavedItemRepository;
  /** WeChat OAuth states, tickets and bindings (`wechat` is the WeChat API client). */
  wechatBindings: WechatRepository;
  contentStatus: ContentStatusRepository;
  searchMisses: SearchMisses;
  /** The health check's view of the database (routes never query `db` themselves: issue #14 §7). */
  dbHealth: DatabaseHealth;
  smsCodes: SmsCodeService;
  sms: SmsProvider;
  wechat: WechatApi | null;
  clock: () => number;
  /** Issue #31: course reminders (疗程) and the notification layer on the job queue. */
  courses: CourseRepository;
  notifier: Notifier;
  /** Issue #30: advisors' profiles (reviewed display fields, on duty). */
  advisorProfiles: AdvisorProfileRepository;
  /** Issue #29: `announce(hash)` after a publish; every instance reloads its content within seconds. */
  contentEvents: ContentEvents;
  /** Issue #29: draft content served to requests carrying `X-Moxa-Preview: <token>`. */
  previews: ContentPreviews;
  /** Issue #30 (decision 041): where uploaded media's bytes live, the database or S3-compatible storage. */
  objectStore: ObjectStore;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export const ok = <T>(data: T) => ({ code: 0, msg: 'ok', data });

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/.exec(header);
  return m ? m[1]! : null;
}

/** Users already checked for a request (by `authenticateFirst`), so the route does not ask again. */
const checked = new WeakMap<FastifyRequest, User & { mobile: string }>();

/** The logged-in user, or a 401 the client turns into the login check (design §4). */
export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<User & { mobile: string }> {
  const known = checked.get(request);
  if (known) return known;
  const token = bearerToken(request);
  if (!token) throw notLoggedIn('请先登录');
  const user = await ctx.sessions.verify(token);
  if (!user) throw notLoggedIn('登录已失效，请重新登录');
  checked.set(request, user);
  return user;
}

/**
 * Issue #27 item 11: every route that declares bearer security checks the session as the request
 * arrives, before its body is read, parsed or validated, so a caller without a valid login gets 401
 * whatever it sends (not 400, 413 or 415). Routes still call `requireUser` or `requireRole` for the
 * user (answered from here) and their role checks.
 */
export function authenticateFirst(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const security = (request.routeOptions.schema as { security?: Record<string, unknown>[] } | undefined)?.security;
    if (security?.some((s) => 'bearerAuth' in s)) await requireUser(app.ctx, request);
  });
}

/**
 * The logged-in user holding one of `roles` (issue #14 §6): 401 without a valid session, 403 with the
 * envelope when the user lacks the role. `admin` passes every check.
 */
export async function requireRole(
  ctx: AppContext,
  request: FastifyRequest,
  ...roles: Role[]
): Promise<User & { mobile: string; roles: Role[] }> {
  const user = await requireUser(ctx, request);
  const held = await ctx.users.rolesOf(user.id);
  if (!hasRole(held, roles)) throw forbidden();
  return { ...user, roles: held };
}

export const bearerSecurity = [{ bearerAuth: [] as string[] }];
