import { createHash } from 'node:crypto';
import { courseOver, reminderDue } from '@moxa/core/courses/course-schedule';
import { addWorkingMs, formatDay, inQuietHours, outsideQuietHours } from '@moxa/core/notifications/china-time';
import type { AdvisorQueueSummary, NoticeChannel, NoticeKind } from '@moxa/core/notifications/notification-contract';
import { timingOf, type CourseRepository } from '../courses/course-repository.ts';
import type { Db } from '../db/database.ts';
import type { Env } from '../env.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { parseTemplateMap, SmsError, type SmsProvider, type SmsTemplate } from '../sms/sms-provider.ts';
import type { WechatApi } from '../wechat/wechat-api.ts';
import { notificationRepository, type NoticeRow } from './notification-repository.ts';

export const DELIVER_QUEUE = 'notify-deliver';
export const PLAN_QUEUE = 'notify-plan';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Issue #31: at most one new-case notice per advisor per 10 minutes; more cases wait for the next one. */
export const NEW_CASE_WINDOW_MS = 10 * MINUTE;
/** At most one reply notice per case per hour (issue #17's rule, now on the queue). */
export const REPLY_WINDOW_MS = HOUR;
/** A pending notice whose job seems lost is put on the queue again after this long. */
const REQUEUE_MS = 5 * MINUTE;
/** Waiting cases older than this are no longer looked at for the overdue notice. */
const OVERDUE_HORIZON_MS = 30 * 24 * HOUR;
/** The web route of a case (apps/web/src/config/routes.ts) and of the advisors' queue. */
export const caseScreenPath = (caseId: string) => `/case/caseDetails/${caseId}`;
const advisorCasePath = (caseId: string) => `/advisor/case/${caseId}`;
const coursePath = (courseId: string) => `/course/${courseId}`;

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
type Composed = { skip: string } | { params: Record<string, string>; path: string };

/**
 * The notification layer (issue #31, docs/decisions/035). Events and the planner write notices as rows
 * with unique keys (the outbox); due ones go on the job queue; the deliver job claims a notice (only one
 * worker of any instance wins), checks it is still wanted, calls the provider with the key as its
 * reference, and marks it sent — or releases it for the queue's retry with back-off, and marks it failed
 * (visible to staff) once the retries are used up. Long waits (08:00 reminders, quiet hours, the
 * 10-minute batches, the waiting-time target) are due times on rows, read against the app's clock.
 */
export function notifier(deps: {
  db: Db;
  env: Env;
  clock: () => number;
  sms: SmsProvider;
  wechat: WechatApi | null;
  courses: CourseRepository;
  log: Log;
}) {
  const { env, clock, sms, wechat, courses, log } = deps;
  const repo = notificationRepository(deps.db, clock);
  const wechatTemplates = parseTemplateMap(env.WECHAT_NOTICE_TEMPLATES);
  const leaseMs = env.NOTIFY_SEND_TIMEOUT_SECONDS * 1000;
  const targetMs = env.NOTIFY_WAIT_TARGET_HOURS * HOUR;
  // Issue #31: quiet hours, unless a test deployment switched them off (env.ts).
  const quiet = env.NOTIFY_IGNORE_QUIET_HOURS ? () => false : inQuietHours;
  const afterQuiet = env.NOTIFY_IGNORE_QUIET_HOURS ? (t: number) => t : outsideQuietHours;
  let queue: JobQueue | null = null;
  let origin = env.PUBLIC_ORIGIN;
  let planTimer: NodeJS.Timeout | null = null;

  /** SMS always; WeChat too when it is configured for the kind and the person bound WeChat. */
  async function channelsFor(userId: string, kind: NoticeKind): Promise<NoticeChannel[]> {
    if (!wechatTemplates[kind] || !wechat?.sendMessage) return ['sms'];
    return (await repo.address(userId))?.openid ? ['sms', 'wechat'] : ['sms'];
  }

  /** Records a notice on each channel; a due time in quiet hours waits until 08:00. */
  async function plant(
    base: string,
    n: { kind: NoticeKind; userId: string; subjectId: string | null; payload: Record<string, unknown>; dueAt: number },
    channels: readonly NoticeChannel[],
  ) {
    for (const channel of channels) await repo.insert({ ...n, key: `${base}:${channel}`, channel, dueAt: afterQuiet(n.dueAt) });
  }

  /** Puts due notices on the queue, and notices whose sender died back on it. Nothing goes out at night. */
  async function dispatch(): Promise<void> {
    if (!queue) return;
    const now = clock();
    if (quiet(now)) return;
    for (const n of await repo.due(now, now - REQUEUE_MS)) {
      await queue.send(DELIVER_QUEUE, { key: n.key }, { singletonKey: n.key });
      await repo.markEnqueued(n.key, now);
    }
    // The job of a notice claimed by a dead worker may still count as running: a job of its own.
    for (const n of await repo.stale(now - leaseMs))
      await queue.send(DELIVER_QUEUE, { key: n.key }, { singletonKey: `${n.key}#${n.attempts}` });
  }

  async function compose(n: NoticeRow, now: number): Promise<Composed> {
    const prefs = await repo.preferences(n.userId);
    if (!prefs[n.channel]) return { skip: `${n.channel} turned off` };
    switch (n.kind) {
      case 'case-new': {
        if (!(await repo.isAdvisor(n.userId))) return { skip: 'no longer an advisor' };
        const { count, flagged } = await repo.newCases(Number(n.payload.since), now);
        if (count === 0) return { skip: 'answered already' };
        return { params: { count: String(count), urgent: flagged > 0 ? `（其中${flagged}个需提醒就医）` : '' }, path: '/advisor' };
      }
      case 'case-overdue': {
        if (!(await repo.isAdvisor(n.userId))) return { skip: 'no longer an advisor' };
        const c = await repo.caseState(n.subjectId!);
        if (!c || c.queueRank > 1 || c.queueAt !== Number(n.payload.queueAt)) return { skip: 'answered already' };
        return { params: { hours: String(env.NOTIFY_WAIT_TARGET_HOURS) }, path: advisorCasePath(n.subjectId!) };
      }
      case 'case-reply': {
        const c = await repo.caseState(n.subjectId!);
        if (!c) return { skip: 'case deleted' };
        if (!prefs.caseReplies) return { skip: 'reply notices turned off' };
        if (n.channel === 'sms' && !c.notifySms) return { skip: 'no SMS asked for this case' };
        // Opened after the latest reply: the person has seen it.
        if (c.lastReplyAt === null || c.userReadAt > c.lastReplyAt) return { skip: 'read already' };
        return { params: {}, path: caseScreenPath(n.subjectId!) };
      }
      case 'course-reminder': {
        const c = await courses.get(n.subjectId!);
        if (!c || c.status !== 'active') return { skip: 'course paused or ended' };
        if (!prefs.courseReminders) return { skip: 'course reminders turned off' };
        const due = reminderDue(timingOf(c), now);
        if (!due || due.day !== Number(n.payload.day)) return { skip: 'no longer due' };
        return { params: { title: c.title, n: String(due.n), total: String(c.sessions) }, path: coursePath(c.id) };
      }
    }
  }

  /** One provider call for a claimed notice. Throws SmsError/Error when the provider refuses. */
  async function send(
    n: NoticeRow,
    composed: { params: Record<string, string>; path: string },
    resumed: boolean,
  ): Promise<'sent' | 'skipped'> {
    const address = await repo.address(n.userId);
    if (!address) return 'skipped';
    const params = { ...composed.params };
    let url = origin + composed.path;
    if (n.kind === 'case-reply') {
      // The short link (issue #31): made now, so its token exists only in the message itself.
      const token = await repo.createLink(n.subjectId!, n.userId, env.SHORT_LINK_DAYS * 24 * HOUR);
      url = `${origin}/c/${token}`;
      params.link = url;
    }
    if (n.channel === 'sms') {
      // A send cut off by a crash, or an attempt that failed without a clear answer (a timeout): the
      // gateway is asked whether it went out before sending again.
      if (resumed && (await sms.lookup(address.mobile, n.key, n.createdAt)) === 'sent') return 'sent';
      await sms.sendTemplate(address.mobile, n.kind as SmsTemplate, params, n.key);
      return 'sent';
    }
    if (!address.openid || !wechat?.sendMessage) return 'skipped';
    // WeChat drops a template message repeating a client_msg_id within 10 minutes: resending is safe.
    const code = await wechat.sendMessage({
      kind: n.kind === 'course-reminder' ? 'subscribe' : 'template',
      openid: address.openid,
      templateId: wechatTemplates[n.kind]!,
      data: params,
      url,
      clientMsgId: createHash('sha256').update(n.key).digest('hex').slice(0, 32),
    });
    // 43101: the person has not (or no longer) allowed this subscribe message.
    if (code === 43101) return 'skipped';
    if (code !== 0) throw new Error(`wechat errcode ${code}`);
    return 'sent';
  }

  /** The deliver job (issue #31): at most one provider call per claim; see the class comment. */
  async function deliver(key: string): Promise<void> {
    const n = await repo.get(key);
    if (!n || n.state === 'sent' || n.state === 'skipped' || n.state === 'failed') return;
    const now = clock();
    if (n.dueAt > now) return;
    if (n.state === 'sending' && n.claimedAt !== null && n.claimedAt > now - leaseMs) return;
    if (quiet(now)) {
      if (n.state === 'pending') await repo.release(n.key, null, afterQuiet(now));
      return;
    }
    const composed = await compose(n, now);
    if ('skip' in composed) {
      await repo.finish(n.key, 'skipped', composed.skip);
      return;
    }
    // Any earlier attempt may have reached the provider (a crash, or a timeout after the request left).
    const resumed = n.state === 'sending' || n.attempts > 0;
    if (!(await repo.claim(n, now))) return;
    try {
      const outcome = await send({ ...n, attempts: n.attempts + 1 }, composed, resumed);
      await repo.finish(n.key, outcome, outcome === 'skipped' ? 'not reachable on this channel' : null);
      if (outcome === 'sent') log.info({ notice: n.key, kind: n.kind, channel: n.channel }, 'notice sent');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const permanent = err instanceof SmsError && err.permanent;
      if (permanent || n.attempts + 1 > env.NOTIFY_RETRY_LIMIT) {
        await repo.finish(n.key, 'failed', message);
        log.warn({ notice: n.key, kind: n.kind, channel: n.channel, err: message }, 'notice failed; given up');
        return;
      }
      await repo.release(n.key, message);
      log.warn({ notice: n.key, kind: n.kind, channel: n.channel, err: message, attempt: n.attempts + 1 }, 'notice refused; retried');
      throw err;
    }
  }

  /**
   * The planner (a queue job every NOTIFY_PLAN_SECONDS, one at a time across instances): course
   * reminders due today, cases past the waiting-time target, and the queue for what is due.
   */
  async function plan(): Promise<void> {
    const now = clock();
    for (const c of await courses.active()) {
      const timing = timingOf(c);
      if (courseOver(timing, now)) {
        await courses.markEnded(c.id);
        continue;
      }
      if (c.channel === 'none') continue;
      const due = reminderDue(timing, now);
      if (!due) continue;
      await plant(
        `course:${c.id}:${formatDay(due.day)}`,
        { kind: 'course-reminder', userId: c.userId, subjectId: c.id, payload: { day: due.day }, dueAt: due.at },
        [c.channel],
      );
    }
    const advisors = await repo.advisors();
    for (const w of await repo.waitingSince(now - OVERDUE_HORIZON_MS)) {
      const overdueAt = addWorkingMs(w.queueAt, targetMs);
      if (overdueAt > now) continue;
      for (const a of advisors)
        await plant(
          `case-overdue:${w.id}:${w.queueAt}:${a}`,
          { kind: 'case-overdue', userId: a, subjectId: w.id, payload: { queueAt: w.queueAt }, dueAt: overdueAt },
          await channelsFor(a, 'case-overdue'),
        );
    }
    await repo.purgeLinks(now);
    await repo.purgeNotices(now);
    await dispatch();
  }

  return {
    repository: repo,
    /** A new consultation (issue #31): every advisor hears of it, at most once per 10 minutes each. */
    async caseCreated(): Promise<void> {
      const now = clock();
      for (const a of await repo.advisors()) {
        const slot = await repo.takeSlot(a, 'case-new', now, NEW_CASE_WINDOW_MS, afterQuiet);
        if (!slot) continue;
        await plant(
          `case-new:${a}:${slot.due}`,
          { kind: 'case-new', userId: a, subjectId: null, payload: { since: slot.since }, dueAt: slot.due },
          await channelsFor(a, 'case-new'),
        );
      }
      await dispatch();
    },
    /** An advisor replied: the user hears of it with a link back into the case (at most once an hour per case). */
    async caseReplied(caseId: string): Promise<void> {
      const c = await repo.caseState(caseId);
      if (!c) return;
      const slot = await repo.takeSlot(c.userId, `case-reply:${caseId}`, clock(), REPLY_WINDOW_MS, afterQuiet);
      if (slot)
        await plant(
          `case-reply:${caseId}:${slot.due}`,
          { kind: 'case-reply', userId: c.userId, subjectId: caseId, payload: {}, dueAt: slot.due },
          await channelsFor(c.userId, 'case-reply'),
        );
      await dispatch();
    },
    /** 我的 → 咨询队列: waiting cases, how many are past the target, how many are red-flag. */
    async queueSummary(): Promise<AdvisorQueueSummary> {
      const now = clock();
      const waiting = await repo.waitingSince(0);
      return {
        waiting: waiting.length,
        overdue: waiting.filter((w) => addWorkingMs(w.queueAt, targetMs) <= now).length,
        flagged: waiting.filter((w) => w.redFlag).length,
        targetHours: env.NOTIFY_WAIT_TARGET_HOURS,
      };
    },
    /** Past the waiting-time target (in working hours) since it began waiting at `queueAt`. */
    isOverdue: (queueAt: number) => addWorkingMs(queueAt, targetMs) <= clock(),
    wechatFor: (kind: NoticeKind) => Boolean(wechatTemplates[kind] && wechat?.sendMessage),
    /** The WeChat template a kind of notice goes out with, when WeChat can send it. */
    wechatTemplate: (kind: NoticeKind): string | null => (wechat?.sendMessage && wechatTemplates[kind]) || null,
    plan,
    dispatch,
    deliver,
    /**
     * Starts the workers of this instance on `q` (server.ts; tests start their own). `siteOrigin` is
     * where links point when PUBLIC_ORIGIN is empty (a developer's server: its own address).
     */
    async start(q: JobQueue, siteOrigin = ''): Promise<void> {
      queue = q;
      if (!origin) origin = siteOrigin;
      const policy = { expireInSeconds: env.NOTIFY_SEND_TIMEOUT_SECONDS };
      await q.createQueue(DELIVER_QUEUE, {
        ...policy,
        retryLimit: env.NOTIFY_RETRY_LIMIT,
        retryDelaySeconds: env.NOTIFY_RETRY_DELAY_SECONDS,
        retryBackoff: true,
      });
      await q.createQueue(PLAN_QUEUE, { expireInSeconds: 120, retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false });
      await q.work<{ key: string }>(DELIVER_QUEUE, (job) => deliver(job.data.key));
      await q.work(PLAN_QUEUE, () => plan(), { concurrency: 1 });
      await q.start();
      const tick = () =>
        void q.send(PLAN_QUEUE, {}, { singletonKey: 'plan' }).catch((err: unknown) => log.warn({ err: String(err) }, 'planning failed'));
      tick();
      planTimer = setInterval(tick, env.NOTIFY_PLAN_SECONDS * 1000);
      planTimer.unref();
    },
    async stop(): Promise<void> {
      if (planTimer) clearInterval(planTimer);
      planTimer = null;
      const q = queue;
      queue = null;
      await q?.stop();
    },
  };
}
export type Notifier = ReturnType<typeof notifier>;
