/**
 * Who sees which part of the console (issue #29 "Who and how"): `editor` writes drafts, `reviewer`
 * approves or rejects, `admin` passes every check. The server's access table decides; the menus
 * only hide what a role could not use.
 */
export type Section = 'content' | 'media' | 'review' | 'audit' | 'staff' | 'advisors' | 'vitals';

const NEEDS: Record<Section, readonly string[]> = {
  content: ['editor', 'reviewer'],
  // Issue #30: the media library (editors upload and replace; reviewers see what drafts use).
  media: ['editor', 'reviewer'],
  review: ['reviewer'],
  audit: ['reviewer'],
  staff: [],
  // Issue #30: reviewers decide on advisors' profiles; admins also switch 在岗.
  advisors: ['reviewer'],
  // Issue #33 item 5: real users' page speed, for the editors who shape the pages (GET /api/v8/admin/vitals).
  vitals: ['editor'],
};

export function canSee(roles: readonly string[], section: Section): boolean {
  return roles.includes('admin') || NEEDS[section].some((r) => roles.includes(r));
}

export const ROLE_LABELS: Record<string, string> = { editor: '编辑', reviewer: '审核员', admin: '管理员', advisor: '顾问', user: '用户' };
/** The roles the staff screen grants (the server refuses any it does not know). */
export const STAFF_ROLES = ['editor', 'reviewer', 'admin', 'advisor'] as const;
