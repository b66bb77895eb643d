import { z } from 'zod';
import { displayNameProblem, normalizeDisplayName } from './display-name.ts';

/**
 * PATCH /api/v8/me (issue #27 item 13): the user's own 昵称. Checked with the same rules as the web
 * form (display-name.ts); the answer is the login info's user, as stored on the phone.
 */
export const UpdateProfileBodySchema = z
  .object({
    name: z
      .string({ error: '请填写昵称' })
      .max(100, { error: '昵称请用2到12个字' })
      .transform(normalizeDisplayName)
      .superRefine((name, ctx) => {
        const problem = displayNameProblem(name);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  })
  .strict();
export type UpdateProfileBody = z.input<typeof UpdateProfileBodySchema>;
