import { z } from 'zod';
import { CONSENT_ERROR_CODES } from '../consent/consent-rules.ts';

/** Design §4: every /api and /aysdmp answer is `{ code, msg, data }`; code 0 means success. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), msg: z.string(), data });

export const ErrorEnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.null(),
});

export type Envelope<T> = { code: number; msg: string; data: T };

/** Stable error codes shared by server and web (the HTTP status carries the class). */
export const ErrorCode = {
  badInput: 40000,
  notLoggedIn: 40100,
  forbidden: 40300,
  /** Issue #27 item 15: saving health data needs a current consent of its purpose. */
  consentRequired: CONSENT_ERROR_CODES.consentRequired,
  /** Issue #27 item 17: under 14, a guardian's consent is needed; nothing is recorded. */
  guardianRequired: CONSENT_ERROR_CODES.guardianRequired,
  notFound: 40400,
  /** Issue #27 item 14: the path exists, not under this method (Allow lists the ones it has). */
  methodNotAllowed: 40500,
  conflict: 40900,
  tooMany: 42900,
  smsFailed: 50200,
  unavailable: 50300,
  internal: 50000,
} as const;
