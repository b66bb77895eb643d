import { z } from 'zod';

/** Issue #14 §6: every user is a `user`; advisors answer consultations; editors and admins manage content. */
export const ROLES = ['user', 'advisor', 'editor', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;
