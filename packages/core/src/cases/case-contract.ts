import { z } from 'zod';
import { AdvisorSignatureSchema } from '../advisors/advisor-profile-contract.ts';

/**
 * Consultation with an advisor (issue #17): 艾灸调理与产品咨询, not diagnosis. A user's request opens a
 * case; advisors reply (with recommendations, optionally SMS-notified) and keep internal notes the user
 * never sees. Health details and photos are sensitive personal information (《个人信息保护法》 §28–§29):
 * the request needs a separate consent (the consent ledger, issue #27 item 15), only the owner and
 * advisors read a case, and deleting it deletes its text and photos.
 */
export const CASE_STATUSES = ['submitted', 'processing', 'replied', 'closed'] as const;
export const CaseStatusSchema = z.enum(CASE_STATUSES);
export type CaseStatus = z.infer<typeof CaseStatusSchema>;

export const DURATIONS = ['week', 'month', 'half-year', 'longer'] as const;
export const DurationSchema = z.enum(DURATIONS, { error: '请选择症状持续了多久' });
export type Duration = z.infer<typeof DurationSchema>;

export const CONTACT_TIMES = ['any', 'morning', 'afternoon', 'evening'] as const;

/** `{caseId}` in every case route, the user's and the advisors'. */
export const CaseParamsSchema = z.object({ caseId: z.string().regex(/^[0-9a-f-]{36}$/, { error: '咨询编号不正确' }) });

/** At most this many photos per request, each at most this big before processing. */
export const MAX_PHOTOS = 6;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/**
 * At most this many pixels per photo, read from the file's header before anything is decoded (issue #27
 * item 2): a phone's default photo is 12 MP, the largest default 24 MP (5712 × 4284 = 24.5 M pixels);
 * a 48/50 MP full-resolution shot or anything larger is refused with a Chinese message asking for a
 * screenshot. Photos are kept at most 2048 px on their longer side anyway.
 */
export const MAX_PHOTO_PIXELS = 25_000_000;

const text = (max: number, msg: string) =>
  z
    .string({ error: msg })
    .trim()
    .min(1, { error: msg })
    .max(max, { error: `${msg}（最多 ${max} 字）` });

/** The request as the form sends it (the `data` part of the multipart body; photos are the `photos` parts). */
export const ConsultationRequestSchema = z.object({
  gender: z.enum(['female', 'male'], { error: '请选择性别' }),
  age: z.coerce
    .number({ error: '请填写年龄' })
    .int({ error: '年龄请填整数' })
    .min(1, { error: '请填写真实年龄' })
    .max(120, { error: '请填写真实年龄' }),
  /** A condition of the methods section (content/diseases id), or none when described in words. */
  disease: z.string().max(64).nullable().default(null),
  complaint: text(100, '请简单说说想咨询什么'),
  symptoms: text(1000, '请描述症状和不适'),
  duration: DurationSchema,
  seenDoctor: z.boolean({ error: '请选择是否看过医生' }),
  /** One of the user's own constitution records, attached by choice. */
  physicalRecordId: z.string().max(64).nullable().default(null),
  contactTime: z.enum(CONTACT_TIMES, { error: '请选择方便联系的时间' }),
  notifySms: z.boolean().default(false),
  // The separate consent (《个人信息保护法》 §29) is no longer a field of each request: it is the
  // 'consultation' consent of the ledger, required by the route (issue #27 item 15).
});
export type ConsultationRequest = z.infer<typeof ConsultationRequestSchema>;

export const RecommendationSchema = z.object({
  acupoints: z.array(z.object({ code: z.string(), name: z.string() })).max(10),
  diseases: z.array(z.object({ id: z.string(), name: z.string() })).max(10),
  products: z.array(z.object({ id: z.string(), name: z.string() })).max(10),
});
export type Recommendation = z.infer<typeof RecommendationSchema>;

export const CaseMessageSchema = z.object({
  id: z.string(),
  author: z.enum(['user', 'advisor']),
  /** The advisor's display name (never their number); null for the user's own messages. */
  authorName: z.string().nullable(),
  /** Issue #30: the advisor's approved profile (name, title, photo), null when none is approved yet. */
  advisor: AdvisorSignatureSchema.nullable().default(null),
  body: z.string(),
  recommendation: RecommendationSchema.nullable(),
  /** Advisor-only notes; never in the user's view. */
  internal: z.boolean(),
  createdAt: z.number(),
});
export type CaseMessage = z.infer<typeof CaseMessageSchema>;

export const CasePhotoSchema = z.object({ id: z.string(), width: z.number().int(), height: z.number().int(), url: z.string() });

export const CaseSummarySchema = z.object({
  id: z.string(),
  status: CaseStatusSchema,
  complaint: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** An advisor replied since the user last opened the case. */
  unread: z.boolean(),
  redFlag: z.boolean(),
});
export type CaseSummary = z.infer<typeof CaseSummarySchema>;

export const CaseDetailSchema = CaseSummarySchema.extend({
  request: z.object({
    gender: z.enum(['female', 'male']),
    age: z.number().int(),
    disease: z.object({ id: z.string(), name: z.string() }).nullable(),
    complaint: z.string(),
    symptoms: z.string(),
    duration: DurationSchema,
    seenDoctor: z.boolean(),
    physicalRecord: z.object({ id: z.string(), primaryType: z.string().nullable(), createdAt: z.number() }).nullable(),
    contactTime: z.enum(CONTACT_TIMES),
    notifySms: z.boolean(),
  }),
  photos: z.array(CasePhotoSchema),
  messages: z.array(CaseMessageSchema),
  /** Times each status was reached. */
  history: z.array(z.object({ status: CaseStatusSchema, at: z.number() })),
});
export type CaseDetail = z.infer<typeof CaseDetailSchema>;

export const FollowUpSchema = z.object({ body: text(1000, '请输入要补充的内容') });

/** The advisor's side (`/api/v8/advisor/*`, role advisor). */
export const AdvisorCaseSummarySchema = CaseSummarySchema.extend({
  userName: z.string(),
  /**
   * Milliseconds the user has waited for an answer: since the request, or since their follow-up to a
   * reply (an internal note does not reset it); 0 once replied or closed.
   */
  waiting: z.number().int().nonnegative(),
  /** Issue #31: waiting longer than the target (NOTIFY_WAIT_TARGET_HOURS working hours). */
  overdue: z.boolean(),
});
export type AdvisorCaseSummary = z.infer<typeof AdvisorCaseSummarySchema>;
export const AdvisorCaseDetailSchema = CaseDetailSchema.extend({ userName: z.string() });
export type AdvisorCaseDetail = z.infer<typeof AdvisorCaseDetailSchema>;
/**
 * The advisors' queue (issue #27 item 4), paged by cursor (keyset: a page is "the next `size` after this
 * case", so cases opened meanwhile never shift or repeat what is already shown). Without `status`: the
 * open cases (not closed), in this order — red-flag cases waiting for an answer, other cases waiting
 * (longest waiting first in both), then replied ones (red-flag first, longest since the reply first).
 * With `status`: only that status, in the same order; 已关闭 newest first.
 */
export const ADVISOR_QUEUE_PAGE_SIZE = 20;
export const AdvisorQueueQuerySchema = z.object({
  status: z.enum(CASE_STATUSES, { error: '状态不正确' }).optional(),
  /** `nextCursor` of the page before; opaque. */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: '翻页位置不正确，请刷新后重试' })
    .optional(),
  size: z.coerce
    .number({ error: '每页条数不正确' })
    .int({ error: '每页条数不正确' })
    .min(1, { error: '每页条数不正确' })
    .max(100, { error: '每页条数不正确' })
    .default(ADVISOR_QUEUE_PAGE_SIZE),
});
export type AdvisorQueueQuery = z.infer<typeof AdvisorQueueQuerySchema>;
export const AdvisorQueuePageSchema = z.object({
  items: z.array(AdvisorCaseSummarySchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Cases in this view, all pages together. */
  total: z.number().int().nonnegative(),
  /** Of those, red-flag cases waiting for an answer. */
  flagged: z.number().int().nonnegative(),
});
export type AdvisorQueuePage = z.infer<typeof AdvisorQueuePageSchema>;
export const AdvisorReplySchema = z.object({
  body: text(2000, '请输入回复内容'),
  internal: z.boolean().default(false),
  recommendation: z
    .object({
      acupoints: z.array(z.string().max(12)).max(10).default([]),
      diseases: z.array(z.string().max(64)).max(10).default([]),
      products: z.array(z.string().max(64)).max(10).default([]),
    })
    .optional(),
});
export type AdvisorReply = z.infer<typeof AdvisorReplySchema>;
export const AdvisorStatusSchema = z.object({ status: z.enum(['processing', 'closed'], { error: '状态不正确' }) });
