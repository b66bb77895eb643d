/** One interface for every SMS gateway (issue #3); chosen by SMS_PROVIDER. */
export interface SmsProvider {
  readonly name: string;
  /** Sends `code` to an E.164 number (+8613800138000). Throws SmsError when the gateway refuses. */
  sendCode(e164: string, code: string): Promise<void>;
  /**
   * Sends a notice with no variable part (issue #17: 您的咨询已有回复), through the notice template the
   * provider is configured with. Throws SmsError when none is configured or the gateway refuses.
   */
  sendNotice(e164: string, notice: SmsNotice): Promise<void>;
}

export type SmsNotice = 'case-replied';
/** The notice texts, as the console provider prints them and as the gateway templates must read. */
export const SMS_NOTICE_TEXT: Record<SmsNotice, string> = { 'case-replied': '您的咨询已有回复，请打开艾灸养生查看。' };

export class SmsError extends Error {}
