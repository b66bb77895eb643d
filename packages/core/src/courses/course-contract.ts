import { z } from 'zod';
import { FREQUENCIES, MAX_COURSE_SESSIONS, PAUSE_REASONS, reminderTimeProblem } from './course-schedule.ts';

/**
 * Course reminders (疗程提醒, issue #31): `/api/v8/me/courses`. A course follows a scheme the guided
 * sessions know (a condition's method, `disease`, or a constitution's conditioning scheme, `scheme`;
 * the same {kind, id} as moxa-contract's SessionSource), so the log can show plan against done.
 */
export const COURSE_SCHEME_KINDS = ['disease', 'scheme'] as const;
export const CourseSchemeSchema = z.object({
  kind: z.enum(COURSE_SCHEME_KINDS, { error: '请选择调理方案' }),
  id: z.string().regex(/^[a-z0-9-]{1,64}$/, { error: '调理方案不正确' }),
});
export type CourseScheme = z.infer<typeof CourseSchemeSchema>;

/** How the reminder reaches the person: an SMS they opted into, a WeChat subscribe message, or none. */
export const REMINDER_CHANNELS = ['sms', 'wechat', 'none'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

const TimeSchema = z.string({ error: '请选择提醒时间' }).superRefine((v, ctx) => {
  const problem = reminderTimeProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const CourseInputSchema = z.object({
  scheme: CourseSchemeSchema,
  frequency: z.enum(FREQUENCIES, { error: '请选择多久灸一次' }),
  time: TimeSchema,
  sessions: z
    .number({ error: '请选择疗程次数' })
    .int({ error: '疗程次数请填整数' })
    .min(1, { error: '疗程至少 1 次' })
    .max(MAX_COURSE_SESSIONS, { error: `疗程最多 ${MAX_COURSE_SESSIONS} 次` }),
  channel: z.enum(REMINDER_CHANNELS, { error: '请选择提醒方式' }),
});
export type CourseInput = z.infer<typeof CourseInputSchema>;

export const COURSE_STATUSES = ['active', 'paused', 'ended'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

/** A change: pause (with why), resume, end, or a new time or channel. */
export const CoursePatchSchema = z
  .object({
    status: z.enum(COURSE_STATUSES, { error: '疗程状态不正确' }).optional(),
    pauseReason: z.enum(PAUSE_REASONS, { error: '请选择暂停原因' }).optional(),
    time: TimeSchema.optional(),
    channel: z.enum(REMINDER_CHANNELS, { error: '请选择提醒方式' }).optional(),
  })
  .refine((p) => p.status !== 'paused' || p.pauseReason !== undefined, { error: '请选择暂停原因' })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { error: '没有要修改的内容' });
export type CoursePatch = z.infer<typeof CoursePatchSchema>;

export const CourseParamsSchema = z.object({ id: z.uuid({ error: '疗程编号不正确' }) });

export const CourseSchema = z.object({
  id: z.string(),
  scheme: CourseSchemeSchema.extend({ title: z.string() }),
  frequency: z.enum(FREQUENCIES),
  time: z.string(),
  sessions: z.number().int(),
  channel: z.enum(REMINDER_CHANNELS),
  status: z.enum(COURSE_STATUSES),
  pauseReason: z.enum(PAUSE_REASONS).nullable(),
  /** The first day (YYYY-MM-DD, China time). */
  firstDay: z.string(),
  /** Due days whose day has a logged session of the scheme. */
  done: z.number().int(),
  /** When the next reminder is due (epoch ms); null when paused, ended or none left. */
  nextReminderAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type Course = z.infer<typeof CourseSchema>;

/** One due day of the plan, against the log: done, missed, today, ahead, or paused (not counted). */
export const DUE_DAY_STATES = ['done', 'missed', 'today', 'upcoming'] as const;
export const CourseDetailSchema = CourseSchema.extend({
  days: z.array(
    z.object({
      date: z.string(),
      /** Which session of the course (1…sessions). */
      n: z.number().int(),
      /** The reminder instant. */
      at: z.number().int(),
      state: z.enum(DUE_DAY_STATES),
    }),
  ),
  /** Sessions of the scheme logged on days that are not due days (an extra or moved session). */
  extra: z.number().int(),
});
export type CourseDetail = z.infer<typeof CourseDetailSchema>;
