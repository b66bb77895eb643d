/** One interface for every SMS gateway (issue #3); chosen by SMS_PROVIDER. */
export interface SmsProvider {
  readonly name: string;
  /** Sends `code` to an E.164 number (+8613800138000). Throws SmsError when the gateway refuses. */
  sendCode(e164: string, code: string): Promise<void>;
  /**
   * Sends a notice through its gateway template (issue #31), filling the template's variables with
   * `params`. `ref` is the notice's idempotency key, given to the gateway as its own reference
   * (Aliyun OutId, Tencent SessionContext) so `lookup` can find the send again. Throws SmsError when
   * the template is not configured (`permanent`) or the gateway refuses.
   */
  sendTemplate(e164: string, template: SmsTemplate, params: Record<string, string>, ref: string): Promise<void>;
  /**
   * After a send was cut off (the process died while the gateway had the request), whether the
   * gateway sent the notice with this `ref` since `since` (epoch ms): decides between resending and
   * marking it sent (docs/decisions/035). 'unknown' when the gateway cannot tell.
   */
  lookup(e164: string, ref: string, since: number): Promise<'sent' | 'not-sent' | 'unknown'>;
}

/** The notice templates (issue #31); each provider maps them to its gateway's template ids. */
export const SMS_TEMPLATES = ['case-new', 'case-overdue', 'case-reply', 'course-reminder'] as const;
export type SmsTemplate = (typeof SMS_TEMPLATES)[number];

/**
 * The template texts with their variables, as the console provider prints them and as the templates
 * registered at the gateway must read (docs/operations.md). Variables are `${name}`.
 */
export const SMS_TEMPLATE_TEXT: Record<SmsTemplate, string> = {
  'case-new': '您有${count}个新咨询待回复${urgent}，请打开艾灸养生“我的—咨询队列”查看。',
  'case-overdue': '有咨询已等待超过${hours}个工作小时，请尽快打开艾灸养生“咨询队列”回复。',
  'case-reply': '您的咨询已有回复，点击查看：${link}',
  'course-reminder': '今天是您「${title}」艾灸疗程的第${n}次（共${total}次），身体不适时请暂停。',
};

/** The template's text with its variables filled in. */
export const fillTemplate = (template: SmsTemplate, params: Record<string, string>): string =>
  SMS_TEMPLATE_TEXT[template].replace(/\$\{(\w+)\}/g, (_, name: string) => params[name] ?? '');

/** `case-new:SMS_1,case-reply:SMS_2` (an env value) → the gateway template of each notice. */
export function parseTemplateMap(value: string): Partial<Record<SmsTemplate, string>> {
  const map: Partial<Record<SmsTemplate, string>> = {};
  for (const pair of value.split(',')) {
    const [name, id] = pair.split(':').map((s) => s.trim());
    if (name && id && (SMS_TEMPLATES as readonly string[]).includes(name)) map[name as SmsTemplate] = id;
  }
  return map;
}

export class SmsError extends Error {
  /** True when retrying cannot help (nothing configured for it): the notice fails at once. */
  readonly permanent: boolean;
  constructor(message: string, permanent = false) {
    super(message);
    this.permanent = permanent;
  }
}
