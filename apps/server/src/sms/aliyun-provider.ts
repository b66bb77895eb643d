import { createHmac, randomUUID } from 'node:crypto';
import { SmsError, type SmsProvider } from './sms-provider.ts';

type AliyunConfig = {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** The template of notices (no parameters); empty: notices are not sent. */
  noticeTemplateCode: string;
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
  async function send(e164: string, templateCode: string, templateParam: Record<string, string> | null) {
    // Mainland numbers go bare; others as country code + number without '+'.
    const phone = e164.startsWith('+86') ? e164.slice(3) : e164.slice(1);
    const params: Record<string, string> = {
      AccessKeyId: config.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: phone,
      RegionId: 'cn-hangzhou',
      SignName: config.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: templateCode,
      ...(templateParam ? { TemplateParam: JSON.stringify(templateParam) } : {}),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    params.Signature = aliyunSignature('POST', params, config.accessKeySecret);
    const body = new URLSearchParams(params).toString();
    let json: { Code?: string; Message?: string };
    try {
      const res = await fetchImpl(config.endpoint.replace(/\/$/, '') + '/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(8000),
      });
      json = (await res.json()) as typeof json;
    } catch (e) {
      throw new SmsError(`aliyun request failed: ${(e as Error).message}`);
    }
    if (json.Code !== 'OK') throw new SmsError(`aliyun refused: ${json.Code ?? 'unknown'}`);
  }
  return {
    name: 'aliyun',
    sendCode: (e164, code) => send(e164, config.templateCode, { code }),
    async sendNotice(e164) {
      if (!config.noticeTemplateCode) throw new SmsError('aliyun: no notice template configured (ALIYUN_SMS_NOTICE_TEMPLATE_CODE)');
      await send(e164, config.noticeTemplateCode, null);
    },
  };
}
