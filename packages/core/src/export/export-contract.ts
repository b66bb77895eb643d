import { z } from 'zod';
import { CaseStatusSchema, RecommendationSchema } from '../cases/case-contract.ts';
import { SmsCodeSchema } from '../login/login-contract.ts';
import { GenderSchema, PhysicalResultSchema } from '../physical/physical-contract.ts';
import { EXPORT_FORMAT, EXPORT_FORMAT_VERSION, EXPORT_SECTIONS } from './export-sections.ts';

/**
 * POST /api/v8/me/export (issue #27 item 16, 《个人信息保护法》 §45): everything kept for the account,
 * as one JSON document. Times are ISO 8601 (UTC); photos are inside, base64-encoded (decision 024),
 * so one file holds it all and the server streams it one photo at a time. The web app renders the
 * printable page from this same document (export-html.ts).
 */
const Time = z.string().describe('ISO 8601, UTC');

export const ExportBodySchema = z.object({ code: SmsCodeSchema });

const SectionKeySchema = z.enum(EXPORT_SECTIONS.map((s) => s.key) as [string, ...string[]]);

export const ExportManifestSchema = z.object({
  /** Every section, in order, with how many entries it holds. */
  sections: z.array(z.object({ key: SectionKeySchema, title: z.string(), count: z.number().int().nonnegative() })),
  /** Messages and photos inside the consultations. */
  messages: z.number().int().nonnegative(),
  photos: z.number().int().nonnegative(),
  photoBytes: z.number().int().nonnegative(),
});
export type ExportManifest = z.infer<typeof ExportManifestSchema>;

export const ExportProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The account's own number in full (E.164): it is the owner's data. */
  mobile: z.string(),
  createdAt: Time,
  roles: z.array(z.string()),
});

export const ExportWechatSchema = z.object({ openid: z.string(), boundAt: Time });

export const ExportLoginSchema = z.object({ startedAt: Time, lastUsedAt: Time.nullable(), expiresAt: Time });

export const ExportConsentSchema = z.object({
  purpose: z.string(),
  purposeName: z.string(),
  policyVersion: z.string(),
  birthYear: z.number().int().nullable(),
  grantedAt: Time,
  withdrawnAt: Time.nullable(),
});

export const ExportAnswerSchema = z.object({
  id: z.string(),
  question: z.string(),
  value: z.number().int(),
  label: z.string(),
});

export const ExportConstitutionRecordSchema = z.object({
  id: z.string(),
  createdAt: Time,
  gender: GenderSchema,
  version: z.string(),
  primaryName: z.string().nullable(),
  result: PhysicalResultSchema,
  answers: z.array(ExportAnswerSchema),
});

export const ExportMoxaSessionSchema = z.object({
  id: z.string(),
  /** The number the phone gave the session (saving it again adds nothing). */
  clientId: z.string(),
  title: z.string(),
  source: z.object({ kind: z.string(), id: z.string().nullable() }),
  startedAt: Time,
  endedAt: Time,
  points: z.array(
    z.object({ code: z.string(), name: z.string(), plannedSeconds: z.number().int(), doneSeconds: z.number().int(), skipped: z.boolean() }),
  ),
  feeling: z.string().nullable(),
  notes: z.string(),
  reactions: z.array(z.string()),
  courseLength: z.number().int().nullable(),
  /** Ended with 结束 before its last point (issue #32 item 3). */
  endedEarly: z.boolean(),
});

export const ExportSavedItemSchema = z.object({ kind: z.string(), kindName: z.string(), id: z.string(), title: z.string(), at: Time });

export const ExportMessageSchema = z.object({
  id: z.string(),
  author: z.enum(['user', 'advisor']),
  /** 顾问… for an advisor's reply; null for the user's own messages. */
  authorName: z.string().nullable(),
  body: z.string(),
  recommendation: RecommendationSchema.nullable(),
  createdAt: Time,
});

export const ExportPhotoSchema = z.object({
  id: z.string(),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: Time,
  /** The photo as kept (already cleaned of its metadata when uploaded), base64. */
  base64: z.string(),
});

export const ExportConsultationSchema = z.object({
  id: z.string(),
  status: CaseStatusSchema,
  statusName: z.string(),
  createdAt: Time,
  updatedAt: Time,
  redFlag: z.boolean(),
  request: z.object({
    gender: GenderSchema,
    age: z.number().int(),
    disease: z.object({ id: z.string(), name: z.string() }).nullable(),
    complaint: z.string(),
    symptoms: z.string(),
    duration: z.string(),
    seenDoctor: z.boolean(),
    physicalRecordId: z.string().nullable(),
    contactTime: z.string(),
    notifySms: z.boolean(),
  }),
  history: z.array(z.object({ status: CaseStatusSchema, statusName: z.string(), at: Time })),
  messages: z.array(ExportMessageSchema),
  photos: z.array(ExportPhotoSchema),
});

/** Issue #31: a course (疗程) with its reminders and pauses. */
export const ExportCourseSchema = z.object({
  id: z.string(),
  title: z.string(),
  scheme: z.object({ kind: z.string(), id: z.string() }),
  frequency: z.string(),
  time: z.string(),
  sessions: z.number().int(),
  channel: z.string(),
  status: z.string(),
  pauses: z.array(z.object({ from: Time, to: Time.nullable(), reason: z.string() })),
  createdAt: Time,
});

/** Issue #31: the notice settings, and the notices planned or sent to this account (no text, no link). */
export const ExportNotificationsSchema = z.object({
  preferences: z.object({ caseReplies: z.boolean(), courseReminders: z.boolean(), sms: z.boolean(), wechat: z.boolean() }),
  notices: z.array(z.object({ kind: z.string(), channel: z.string(), state: z.string(), dueAt: Time, sentAt: Time.nullable() })),
});

/**
 * Issue #30 (decision 043): an advisor's own profile — what users see (approved), what waits for
 * review, the last reason it was sent back, on duty, and what happened to it (the audit trail's
 * entries about it: submitted, approved, sent back, duty set; who else acted is not named). Null for
 * an account that never had one.
 */
const ExportAdvisorFieldsSchema = z.object({
  name: z.string(),
  title: z.string(),
  introduction: z.string(),
  /** The photo in the media library, `uploads/<id>`; null without one. */
  photo: z.string().nullable(),
});
export const ExportAdvisorProfileSchema = z.object({
  approved: ExportAdvisorFieldsSchema.extend({ approvedAt: Time.nullable() }).nullable(),
  pending: ExportAdvisorFieldsSchema.extend({ submittedAt: Time, submittedByYou: z.boolean() }).nullable(),
  /** Why the last submission was sent back. */
  comment: z.string().nullable(),
  onDuty: z.boolean(),
  history: z.array(z.object({ action: z.string(), actionName: z.string(), at: Time, byYou: z.boolean() })),
});

export const AccountExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  formatVersion: z.literal(EXPORT_FORMAT_VERSION),
  exportedAt: Time,
  manifest: ExportManifestSchema,
  profile: ExportProfileSchema,
  wechat: ExportWechatSchema.nullable(),
  logins: z.array(ExportLoginSchema),
  consents: z.array(ExportConsentSchema),
  constitutionRecords: z.array(ExportConstitutionRecordSchema),
  moxaSessions: z.array(ExportMoxaSessionSchema),
  favorites: z.array(ExportSavedItemSchema),
  history: z.array(ExportSavedItemSchema),
  consultations: z.array(ExportConsultationSchema),
  courses: z.array(ExportCourseSchema),
  notifications: ExportNotificationsSchema,
  advisorProfile: ExportAdvisorProfileSchema.nullable(),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
export type ExportConsultation = z.infer<typeof ExportConsultationSchema>;
