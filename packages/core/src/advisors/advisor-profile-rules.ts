import { displayNameProblem, normalizeDisplayName } from '../login/display-name.ts';

/**
 * Issue #30: the rules of an advisor profile's display fields, zod-free so the H5 form checks with the
 * same rules (and messages) as the server's contract. Each returns a Chinese message, or null. Check the
 * normalized value.
 */
export const ADVISOR_TITLE_MIN = 2;
export const ADVISOR_TITLE_MAX = 20;
export const ADVISOR_INTRO_MAX = 200;
/** A photo is an upload of the media library (decision 041), referred to as `uploads/<id>`. */
export const ADVISOR_PHOTO_REF = /^uploads\/[a-z2-7]{16}$/;
/** Four digits in a row could be part of a phone number (the 昵称 rule of issue #27 item 13). */
const DIGIT_RUN = /[0-9０-９]{4}/;
/** Six or more digits, maybe split by spaces or dashes: a phone number does not belong in an introduction. */
const CONTACT_RUN = /[0-9０-９](?:[\s-]?[0-9０-９]){5}/;

export const normalizeAdvisorName = normalizeDisplayName;
export const normalizeTitle = (s: string) => s.trim().replace(/\s+/g, ' ');
export const normalizeIntro = (s: string) => s.trim();

export function advisorNameProblem(name: string): string | null {
  return displayNameProblem(name)?.replace('昵称', '顾问名称') ?? null;
}
export function titleProblem(title: string): string | null {
  const n = [...title].length;
  if (n < ADVISOR_TITLE_MIN || n > ADVISOR_TITLE_MAX) return `头衔请用${ADVISOR_TITLE_MIN}到${ADVISOR_TITLE_MAX}个字`;
  if (DIGIT_RUN.test(title)) return '头衔里不能有连着的4个数字';
  return null;
}
export function introProblem(intro: string): string | null {
  if ([...intro].length > ADVISOR_INTRO_MAX) return `简介不能超过${ADVISOR_INTRO_MAX}个字`;
  if (CONTACT_RUN.test(intro)) return '简介里不能写电话号码等联系方式';
  return null;
}

export const PROFILE_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];
export const PROFILE_STATUS_NAMES: Record<ProfileStatus, string> = {
  none: '未设置',
  pending: '待审核',
  approved: '已通过',
  rejected: '已退回',
};
