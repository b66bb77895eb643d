/** One interface for every SMS gateway (issue #3); chosen by SMS_PROVIDER. */
export interface SmsProvider {
  readonly name: string;
  /** Sends `code` to an E.164 number (+8613800138000). Throws SmsError when the gateway refuses. */
  sendCode(e164: string, code: string): Promise<void>;
}

export class SmsError extends Error {}
