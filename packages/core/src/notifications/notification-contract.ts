import { z } from 'zod';
import { QUIET_HOURS } from './china-time.ts';

/**
 * Notices (issue #31): which ones a person gets and by which channel (`/api/v8/me/notification-preferences`),
 * and the staff's view of notices that could not be sent (`/api/v8/admin/notifications`).
 */
export const NotificationPreferencesInputSchema = z.object({
  /** 咨询有回复 notices. */
  caseReplies: z.boolean({ error: '请选择是否接收咨询回复提醒' }),
  /** 疗程提醒. */
  courseReminders: z.boolean({ error: '请选择是否接收疗程提醒' }),
  sms: z.boolean({ error: '请选择是否接收短信' }),
  wechat: z.boolean({ error: '请选择是否接收微信消息' }),
});
export type NotificationPreferencesInput = z.infer<typeof NotificationPreferencesInputSchema>;

export const NotificationPreferencesSchema = NotificationPreferencesInputSchema.extend({
  /** Fixed for everyone: no notice in these hours; they wait until the end. */
  quietHours: z.object({ start: z.literal(QUIET_HOURS.start), end: z.literal(QUIET_HOURS.end) }),
  /** WeChat messages can reach this account: WeChat is configured and the account bound it. */
  wechatAvailable: z.boolean(),
  /**
   * The WeChat subscribe-message template of course reminders, when WeChat can carry them to this
   * account (configured for them, and the account bound WeChat): inside WeChat, the course form shows
   * WeChat's own subscribe button (wx-open-subscribe) for it. Null otherwise.
   */
  courseSubscribeTemplate: z.string().nullable(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const DEFAULT_PREFERENCES: NotificationPreferencesInput = { caseReplies: true, courseReminders: true, sms: true, wechat: true };

export const NOTICE_KINDS = ['case-new', 'case-overdue', 'case-reply', 'course-reminder'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export const NOTICE_CHANNELS = ['sms', 'wechat'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];
/**
 * A notice's life (docs/decisions/035): pending (waiting for its time or a retry) → sending (claimed;
 * the provider is being called) → sent; or skipped (no longer wanted: answered, paused, turned off);
 * or failed (the provider refused every retry: shown to staff).
 */
export const NOTICE_STATES = ['pending', 'sending', 'sent', 'skipped', 'failed'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];

export const AdminNotificationsQuerySchema = z.object({
  status: z.enum(NOTICE_STATES, { error: '状态不正确' }).default('failed'),
  limit: z.coerce
    .number({ error: '条数不正确' })
    .int({ error: '条数不正确' })
    .min(1, { error: '条数不正确' })
    .max(200, { error: '条数不正确' })
    .default(50),
});
export const AdminNotificationSchema = z.object({
  key: z.string(),
  kind: z.enum(NOTICE_KINDS),
  channel: z.enum(NOTICE_CHANNELS),
  state: z.enum(NOTICE_STATES),
  attempts: z.number().int(),
  /** The provider's last answer, without personal data. */
  lastError: z.string().nullable(),
  dueAt: z.number().int(),
  sentAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export const AdminNotificationListSchema = z.object({ items: z.array(AdminNotificationSchema), total: z.number().int() });
export type AdminNotificationList = z.infer<typeof AdminNotificationListSchema>;

/** 我的 → 咨询队列 for advisors: how many cases wait for an answer, and how many are past the target. */
export const AdvisorQueueSummarySchema = z.object({
  waiting: z.number().int().nonnegative(),
  overdue: z.number().int().nonnegative(),
  flagged: z.number().int().nonnegative(),
  /** The waiting-time target in working hours. */
  targetHours: z.number(),
});
export type AdvisorQueueSummary = z.infer<typeof AdvisorQueueSummarySchema>;
