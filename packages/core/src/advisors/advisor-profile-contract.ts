import { z } from 'zod';
import { displayNameProblem, normalizeDisplayName } from '../login/display-name.ts';

/**
 * Advisor profiles (issue #30, docs/decisions/043): what users see instead of "顾问 + 昵称" in a
 * consultation thread. The display fields change through review (the advisor or an admin submits,
 * a reviewer who is neither approves); being on duty is operational and set directly.
 */
export const ADVISOR_TITLE_MIN = 2;
export const ADVISOR_TITLE_MAX = 20;
export const ADVISOR_INTRO_MAX = 200;
/** A photo is an upload of the media library (decision 041), referred to as `uploads/<id>`. */
export const ADVISOR_PHOTO_REF = /^uploads\/[a-z2-7]{16}$/;
/** Four digits in a row could be part of a phone number (the 昵称 rule of issue #27 item 13). */
const DIGIT_RUN = /[0-9０-９]{4}/;
/** Six or more digits, or digits split by spaces or dashes: a phone number or a WeChat id does not belong in an introduction. */
const CONTACT_RUN = /[0-9０-９](?:[\s-]?[0-9０-９]){5}/;

const oneLine = (s: string) => s.trim().replace(/\s+/g, ' ');

export const AdvisorProfileFieldsSchema = z.object({
  /** The name users see (2–12 characters, the 昵称 rules: no 4 digits in a row). */
  name: z
    .string({ error: '请填写顾问名称' })
    .transform(normalizeDisplayName)
    .superRefine((name, c) => {
      const problem = displayNameProblem(name);
      if (problem) c.addIssue({ code: 'custom', message: problem.replace('昵称', '顾问名称') });
    }),
  /** e.g. 艾灸调理顾问. */
  title: z
    .string({ error: '请填写头衔' })
    .transform(oneLine)
    .pipe(
      z
        .string()
        .min(ADVISOR_TITLE_MIN, { error: `头衔请用${ADVISOR_TITLE_MIN}到${ADVISOR_TITLE_MAX}个字` })
        .max(ADVISOR_TITLE_MAX, { error: `头衔请用${ADVISOR_TITLE_MIN}到${ADVISOR_TITLE_MAX}个字` })
        .refine((s) => !DIGIT_RUN.test(s), { error: '头衔里不能有连着的4个数字' }),
    ),
  introduction: z
    .string({ error: '请填写简介' })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .max(ADVISOR_INTRO_MAX, { error: `简介不能超过${ADVISOR_INTRO_MAX}个字` })
        .refine((s) => !CONTACT_RUN.test(s), { error: '简介里不能写电话号码等联系方式' }),
    ),
  /** An image of the media library (`uploads/<id>`), or null for the neutral avatar. */
  photo: z
    .string()
    .regex(ADVISOR_PHOTO_REF, { error: '照片请从媒体库选择' })
    .nullable()
    .default(null),
});
export type AdvisorProfileFields = z.infer<typeof AdvisorProfileFieldsSchema>;

export const PROFILE_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export const ProfileStatusSchema = z.enum(PROFILE_STATUSES);
export type ProfileStatus = z.infer<typeof ProfileStatusSchema>;
export const PROFILE_STATUS_NAMES: Record<ProfileStatus, string> = {
  none: '未设置',
  pending: '待审核',
  approved: '已通过',
  rejected: '已退回',
};

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
