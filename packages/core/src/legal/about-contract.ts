import { z } from 'zod';

/**
 * GET /api/v8/about (issue #27 item 18): who runs the service, from the server's configuration
 * (OPERATOR_NAME, OPERATOR_ADDRESS, OPERATOR_PHONE, ICP_NUMBER; the console issue makes them
 * editable). A value not configured is null, and the pages say so rather than invent one.
 */
export const AboutSchema = z.object({
  operatorName: z.string().nullable(),
  operatorAddress: z.string().nullable(),
  operatorPhone: z.string().nullable(),
  /** The ICP filing number (ICP备案号) the site must show, linked to beian.miit.gov.cn. */
  icpNumber: z.string().nullable(),
  /** All four are set. */
  configured: z.boolean(),
  privacyPolicyVersion: z.string(),
  privacyPolicyEffectiveDate: z.string(),
  termsVersion: z.string(),
  termsEffectiveDate: z.string(),
});
export type About = z.infer<typeof AboutSchema>;
