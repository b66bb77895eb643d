import { createHmac, randomUUID } from 'node:crypto';
import { SmsError, type SmsProvider, type SmsTemplate } from './sms-provider.ts';

type AliyunConfig = {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** The gateway template of each notice (issue #31); a notice without one is not sent. */
  noticeTemplates: Partial<Record<SmsTemplate, string>>;
  endpoint: string;
};

/** RFC 3986 encoding as Alibaba Cloud's RPC signature (v1) requires. */
const aliyunEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

/** Signature v1: base64(HMAC-SHA1(secret + '&', METHOD & %2F & encode(sorted canonical query))). */
function aliyunSignature(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k]!)}`)
    .join('&');
  const stringToSign = `${method}&${aliyunEncode('/')}&${aliyunEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/** Alibaba Cloud SMS (dysmsapi 2017-05-25, SendSms) over its documented HTTP RPC API. */
export function aliyunProvider(config: AliyunConfig, fetchImpl: typeof fetch = fetch): SmsProvider {
  // Mainland numbers go bare; others as country code + number without '+'.
  const phoneOf = (e164: string) => (e164.startsWith('+86') ? e164.slice(3) : e164.slice(1));
  async function call<T extends { Code?: string }>(action: Record<string, string>): Promise<T> {
    const params: Record<string, string> = {
      AccessKeyId: config.accessKeyId,
      Format: 'JSON',
      RegionId: 'cn-hangzhou',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
      ...action,
    };
    params.Signature = aliyunSignature('POST', params, config.accessKeySecret);
    const body = new URLSearchParams(params).toString();
    try {
      const res = await fetchImpl(config.endpoint.replace(/\/$/, '') + '/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(8000),
      });
      return (await res.json()) as T;
    } catch (e) {
      throw new SmsError(`aliyun request failed: ${(e as Error).message}`);
    }
  }
  async function send(e164: string, templateCode: string, templateParam: Record<string, string> | null, outId?: string) {
    const json = await call<{ Code?: string }>({
      Action: 'SendSms',
      PhoneNumbers: phoneOf(e164),
      SignName: config.signName,
      TemplateCode: templateCode,
      ...(templateParam ? { TemplateParam: JSON.stringify(templateParam) } : {}),
      // Issue #31: the notice's key, so QuerySendDetails can tell whether a cut-off send went out.
      ...(outId ? { OutId: outId } : {}),
    });
    if (json.Code !== 'OK') throw new SmsError(`aliyun refused: ${json.Code ?? 'unknown'}`);
  }
  return {
    name: 'aliyun',
    sendCode: (e164, code) => send(e164, config.templateCode, { code }),
    async sendTemplate(e164, template, params, ref) {
      const code = config.noticeTemplates[template];
      if (!code) throw new SmsError(`aliyun: no template configured for ${template} (ALIYUN_SMS_NOTICE_TEMPLATES)`, true);
      await send(e164, code, params, ref);
    },
    async lookup(e164, ref, since) {
      // The send records of the China-time day the notice was claimed on (and the next, across midnight).
      const days = [since, since + 86_400_000].map((t) => new Date(t + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', ''));
      for (const day of [...new Set(days)]) {
        const json = await call<{ Code?: string; SmsSendDetailDTOs?: { SmsSendDetailDTO?: { OutId?: string }[] } }>({
          Action: 'QuerySendDetails',
          PhoneNumber: phoneOf(e164),
          SendDate: day,
          PageSize: '50',
          CurrentPage: '1',
        });
        if (json.Code !== 'OK') return 'unknown';
        if ((json.SmsSendDetailDTOs?.SmsSendDetailDTO ?? []).some((d) => d.OutId === ref)) return 'sent';
      }
      return 'not-sent';
    },
  };
}
