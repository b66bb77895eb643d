import { z } from 'zod';
import {
  ADVISOR_PHOTO_REF,
  PROFILE_STATUSES,
  type ProfileStatus,
  advisorNameProblem,
  introProblem,
  normalizeAdvisorName,
  normalizeIntro,
  normalizeTitle,
  titleProblem,
} from './advisor-profile-rules.ts';

/**
 * Advisor profiles (issue #30, docs/decisions/043): what users see instead of "顾问 + 昵称" in a
 * consultation thread. The display fields change through review (the advisor or an admin submits,
 * a reviewer who is neither approves); being on duty is operational and set directly.
 */
const checked = (label: string, normalize: (s: string) => string, problem: (s: string) => string | null) =>
  z
    .string({ error: `请填写${label}` })
    .transform(normalize)
    .superRefine((v, c) => {
      const p = problem(v);
      if (p) c.addIssue({ code: 'custom', message: p });
    });

export const AdvisorProfileFieldsSchema = z.object({
  /** The name users see (2–12 characters, the 昵称 rules: no 4 digits in a row). */
  name: checked('顾问名称', normalizeAdvisorName, advisorNameProblem),
  /** e.g. 艾灸调理顾问. */
  title: checked('头衔', normalizeTitle, titleProblem),
  introduction: checked('简介', normalizeIntro, introProblem),
  /** An image of the media library (`uploads/<id>`), or null for the neutral avatar. */
  photo: z.string().regex(ADVISOR_PHOTO_REF, { error: '照片请从媒体库选择' }).nullable().default(null),
});
export type AdvisorProfileFields = z.infer<typeof AdvisorProfileFieldsSchema>;

export const ProfileStatusSchema = z.enum(PROFILE_STATUSES);
export type { ProfileStatus };

const Fields = z.object({ name: z.string(), title: z.string(), introduction: z.string(), photo: z.string().nullable() });

/** GET/PUT /api/v8/advisor/profile: the advisor's own profile, what users see and what waits for review. */
export const AdvisorProfileSchema = z.object({
  /** What users see; null until a first version is approved. */
  approved: Fields.nullable(),
  /** Submitted and waiting for a reviewer. */
  pending: Fields.nullable(),
  status: ProfileStatusSchema,
  /** The reviewer's reason when the last submission was sent back. */
  comment: z.string().nullable(),
  onDuty: z.boolean(),
  updatedAt: z.number().nullable(),
});
export type AdvisorProfile = z.infer<typeof AdvisorProfileSchema>;

/** PUT /api/v8/advisor/profile/duty and PUT /api/v8/console/advisors/:id/duty. */
export const DutySchema = z.object({ onDuty: z.boolean({ error: '请选择是否在岗' }) });

/** GET /api/v8/console/advisors: every holder of the advisor role, those waiting for review first. */
export const ConsoleAdvisorSchema = AdvisorProfileSchema.extend({
  id: z.string(),
  /** The account's 昵称 (never a number). */
  accountName: z.string(),
  submittedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  submittedAt: z.number().nullable(),
});
export type ConsoleAdvisor = z.infer<typeof ConsoleAdvisorSchema>;
export const ConsoleAdvisorQuerySchema = z.object({ status: ProfileStatusSchema.optional() });
export const AdvisorParamsSchema = z.object({ id: z.uuid({ error: '顾问编号不正确' }) });
export const ProfileRejectSchema = z.object({
  comment: z.string({ error: '请写明退回原因' }).trim().min(1, { error: '请写明退回原因' }).max(500, { error: '退回原因不能超过500个字' }),
});

/** How a case thread signs an advisor's reply once their profile is approved. */
export const AdvisorSignatureSchema = z.object({
  name: z.string(),
  title: z.string(),
  introduction: z.string(),
  /** A URL of the photo, or null for the neutral avatar. */
  photoUrl: z.string().nullable(),
});
export type AdvisorSignature = z.infer<typeof AdvisorSignatureSchema>;
