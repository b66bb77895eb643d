import { z } from 'zod';
import { CONSENT_PURPOSES, EARLIEST_BIRTH_YEAR } from './consent-rules.ts';

export { CONSENT_PURPOSES, PRIVACY_POLICY_VERSION, type ConsentPurpose } from './consent-rules.ts';

/**
 * Issue #27 item 15: the consent ledger, `/api/v8/me/consents`. Saving health data of a purpose to
 * the account needs a current consent of that purpose (not bundled with login); every grant is a
 * row (what, which policy version, when, the age answer of item 17), withdrawing closes it.
 */
export const ConsentPurposeSchema = z.enum(CONSENT_PURPOSES, { error: '授权项目不正确' });

/** `{purpose}` of DELETE /api/v8/me/consents/{purpose}. */
export const ConsentParamsSchema = z.object({ purpose: ConsentPurposeSchema });

export const GrantConsentBodySchema = z.object({
  purpose: ConsentPurposeSchema,
  /** The PRIVACY_POLICY_VERSION the user was shown. */
  policyVersion: z.string({ error: '隐私政策版本不正确' }).min(1, { error: '隐私政策版本不正确' }).max(32, { error: '隐私政策版本不正确' }),
  /** Item 17: the age question, asked as the year of birth. */
  birthYear: z
    .number({ error: '请选择出生年份' })
    .int({ error: '请选择出生年份' })
    .min(EARLIEST_BIRTH_YEAR, { error: '请选择正确的出生年份' })
    .max(9999, { error: '请选择正确的出生年份' }),
});
export type GrantConsentBody = z.infer<typeof GrantConsentBodySchema>;

/** Where a purpose stands now: its latest ledger row. */
export const ConsentStateSchema = z.object({
  purpose: ConsentPurposeSchema,
  /** A consent is in force: saving of this purpose is allowed. */
  granted: z.boolean(),
  /** The latest grant (epoch ms), null if never given. */
  grantedAt: z.number().int().nullable(),
  /** When that grant was withdrawn, null while in force or never given. */
  withdrawnAt: z.number().int().nullable(),
  policyVersion: z.string().nullable(),
});
export type ConsentState = z.infer<typeof ConsentStateSchema>;

/** One row of the ledger, as kept. */
export const ConsentRecordSchema = z.object({
  purpose: ConsentPurposeSchema,
  policyVersion: z.string(),
  birthYear: z.number().int(),
  grantedAt: z.number().int(),
  withdrawnAt: z.number().int().nullable(),
});
export type ConsentRecord = z.infer<typeof ConsentRecordSchema>;

export const ConsentListSchema = z.object({
  /** The policy version a new consent must name. */
  policyVersion: z.string(),
  /** One entry per purpose, in CONSENT_PURPOSES order. */
  consents: z.array(ConsentStateSchema),
  /** Every grant and withdrawal, newest first. */
  history: z.array(ConsentRecordSchema),
});
export type ConsentList = z.infer<typeof ConsentListSchema>;
