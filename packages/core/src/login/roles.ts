/**
 * Roles (issue #14 §6), zod-free so screens can check them without the validation library. Every user
 * has `user`; the others are granted with `npm run user -- grant`: `advisor` answers consultations
 * (issue #17), `editor` writes content drafts, `reviewer` approves or rejects them (issue #29, never their
 * own), `admin` runs settings, staff and roles and passes every role check.
 */
export const ROLES = ['user', 'advisor', 'editor', 'reviewer', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Roles stored per user; `user` is implied for everyone and never stored. */
export const GRANTABLE_ROLES = ['advisor', 'editor', 'reviewer', 'admin'] as const satisfies readonly Role[];
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

export const ROLE_NAMES: Record<Role, string> = { user: '用户', advisor: '顾问', editor: '编辑', reviewer: '审核员', admin: '管理员' };

/** Whether someone holding `held` may use what requires any of `required`. */
export function hasRole(held: readonly Role[], required: readonly Role[]): boolean {
  return held.includes('admin') || required.some((r) => held.includes(r));
}

/** Issue #29: the roles the operator console (/console) admits; `advisor` works in the H5 instead. */
export const CONSOLE_ROLES = ['editor', 'reviewer', 'admin'] as const satisfies readonly Role[];
