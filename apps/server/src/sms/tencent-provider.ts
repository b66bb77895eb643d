import { createHash, createHmac } from 'node:crypto';
import { SMS_TEMPLATE_TEXT, SmsError, type SmsProvider, type SmsTemplate } from './sms-provider.ts';

type TencentConfig = {
  secretId: string;
  secretKey: string;
  appId: string;
  signName: string;
  templateId: string;
  /** The gateway template of each notice (issue #31); a notice without one is not sent. */
  noticeTemplates: Partial<Record<SmsTemplate, string>>;
  region: string;
  endpoint: string;
};

const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();

/** TC3-HMAC-SHA256 signature of Tencent Cloud API 3.0. Returns the Authorization header. */
function tencentAuthorization(opts: {
  secretId: string;
  secretKey: string;
  host: string;
  payload: string;
  timestamp: number;
  service?: string;
}): string {
  const service = opts.service ?? 'sms';
  const date = new Date(opts.timestamp * 1000).toISOString().slice(0, 10);
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:application/json; charset=utf-8\nhost:${opts.host}\n`,
    'content-type;host',
    sha256hex(opts.payload),
  ].join('\n');
  const scope = `${date}/${service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(opts.timestamp), scope, sha256hex(canonicalRequest)].join('\n');
  const secretSigning = hmac(hmac(hmac(`TC3${opts.secretKey}`, date), service), 'tc3_request');
  const signature = createHmac('sha256', secretSigning).update(stringToSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=${opts.secretId}/${scope}, SignedHeaders=content-type;host, Signature=${signature}`;
}

/** Tencent Cloud SMS (SendSms, API version 2021-01-11). */
export function tencentProvider(config: TencentConfig, fetchImpl: typeof fetch = fetch): SmsProvider {
  async function send(e164: string, templateId: string, params: string[], sessionContext?: string) {
    const url = new URL(config.endpoint);
    const payload = JSON.stringify({
      PhoneNumberSet: [e164],
      SmsSdkAppId: config.appId,
      SignName: config.signName,
      TemplateId: templateId,
      TemplateParamSet: params,
      ...(sessionContext ? { SessionContext: sessionContext } : {}),
    });
    const timestamp = Math.floor(Date.now() / 1000);
    let json: { Response?: { Error?: { Code: string }; SendStatusSet?: { Code: string }[] } };
    try {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: {
          Authorization: tencentAuthorization({
            secretId: config.secretId,
            secretKey: config.secretKey,
            host: url.host,
            payload,
            timestamp,
          }),
          'Content-Type': 'application/json; charset=utf-8',
          'X-TC-Action': 'SendSms',
          'X-TC-Timestamp': String(timestamp),
          'X-TC-Version': '2021-01-11',
          'X-TC-Region': config.region,
        },
        body: payload,
        signal: AbortSignal.timeout(8000),
      });
      json = (await res.json()) as typeof json;
    } catch (e) {
      throw new SmsError(`tencent request failed: ${(e as Error).message}`);
    }
    const error = json.Response?.Error?.Code;
    const status = json.Response?.SendStatusSet?.[0]?.Code;
    if (error || status !== 'Ok') throw new SmsError(`tencent refused: ${error ?? status ?? 'unknown'}`);
  }
  return {
    name: 'tencent',
    sendCode: (e164, code) => send(e164, config.templateId, [code]),
    async sendTemplate(e164, template, params, ref) {
      const id = config.noticeTemplates[template];
      if (!id) throw new SmsError(`tencent: no template configured for ${template} (TENCENT_SMS_NOTICE_TEMPLATES)`, true);
      // Tencent templates number their variables {1}, {2} …: in the order they appear in our text.
      const names = [...SMS_TEMPLATE_TEXT[template].matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]!);
      await send(
        e164,
        id,
        names.map((n) => params[n] ?? ''),
        ref,
      );
    },
    // Tencent's send records arrive only with the carrier's status report, possibly minutes later:
    // a cut-off notice is sent again (docs/decisions/035).
    lookup: async () => 'unknown',
  };
}
