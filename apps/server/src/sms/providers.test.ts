import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { aliyunProvider } from './aliyun-provider.ts';
import { SmsError } from './sms-provider.ts';
import { tencentProvider } from './tencent-provider.ts';

/** A fake gateway on loopback that records what it receives and answers what the test says. */
async function fakeGateway(answer: (req: IncomingMessage, body: string) => unknown) {
  const seen: { req: IncomingMessage; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ req, body });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer(req, body)));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

/** Alibaba Cloud RPC signature v1, written again from the documentation to check the adapter. */
function aliyunVerify(params: URLSearchParams, secret: string): boolean {
  const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  const entries = [...params.entries()].filter(([k]) => k !== 'Signature').sort(([a], [b]) => (a < b ? -1 : 1));
  const canonical = entries.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
  const expected = createHmac('sha1', `${secret}&`)
    .update(`POST&%2F&${enc(canonical)}`)
    .digest('base64');
  return expected === params.get('Signature');
}

describe('Aliyun SMS adapter', () => {
  const config = (endpoint: string) => ({
    accessKeyId: 'AKID',
    accessKeySecret: 'sekret',
    signName: '艾灸养生',
    templateCode: 'SMS_1',
    noticeTemplates: { 'case-reply': 'SMS_2' } as const,
    endpoint,
  });

  it('sends a signed SendSms request with the code as template param', async () => {
    const gw = await fakeGateway(() => ({ Code: 'OK', Message: 'OK' }));
    closers.push(gw.close);
    await aliyunProvider(config(gw.url)).sendCode('+8613800138000', '123456');
    const params = new URLSearchParams(gw.seen[0]!.body);
    expect(params.get('Action')).toBe('SendSms');
    expect(params.get('PhoneNumbers')).toBe('13800138000');
    expect(params.get('TemplateParam')).toBe('{"code":"123456"}');
    expect(params.get('SignName')).toBe('艾灸养生');
    expect(aliyunVerify(params, 'sekret')).toBe(true);
    expect(aliyunVerify(params, 'other')).toBe(false);
  });

  it('sends a notice through its own template, with its variables and the notice key as OutId (issue #31)', async () => {
    const gw = await fakeGateway(() => ({ Code: 'OK', Message: 'OK' }));
    closers.push(gw.close);
    await aliyunProvider(config(gw.url)).sendTemplate(
      '+8613800138000',
      'case-reply',
      { link: 'https://h5.example.com/c/abc' },
      'case-reply:k:sms',
    );
    const params = new URLSearchParams(gw.seen[0]!.body);
    expect(params.get('TemplateCode')).toBe('SMS_2');
    expect(params.get('TemplateParam')).toBe('{"link":"https://h5.example.com/c/abc"}');
    expect(params.get('OutId')).toBe('case-reply:k:sms');
    expect(aliyunVerify(params, 'sekret')).toBe(true);
    // A notice without a configured template fails for good (no retries).
    const refused = aliyunProvider(config(gw.url)).sendTemplate('+8613800138000', 'case-new', { count: '1', urgent: '' }, 'x');
    await expect(refused).rejects.toMatchObject({ permanent: true });
    await expect(refused).rejects.toBeInstanceOf(SmsError);
  });

  it('looks a cut-off send up by its OutId on the China-time day it was claimed (issue #31)', async () => {
    const gw = await fakeGateway((_req, body) => {
      const p = new URLSearchParams(body);
      if (p.get('Action') !== 'QuerySendDetails') return { Code: 'OK' };
      const sent = p.get('SendDate') === '20261123' ? [{ OutId: 'other' }, { OutId: 'wanted' }] : [];
      return { Code: 'OK', SmsSendDetailDTOs: { SmsSendDetailDTO: sent } };
    });
    closers.push(gw.close);
    const provider = aliyunProvider(config(gw.url));
    // 2026-11-22 23:30 UTC is 2026-11-23 in China.
    expect(await provider.lookup('+8613800138000', 'wanted', Date.UTC(2026, 10, 22, 23, 30))).toBe('sent');
    expect(await provider.lookup('+8613800138000', 'missing', Date.UTC(2026, 10, 22, 23, 30))).toBe('not-sent');
    const query = new URLSearchParams(gw.seen.at(-1)!.body);
    expect(query.get('PhoneNumber')).toBe('13800138000');
    expect(aliyunVerify(query, 'sekret')).toBe(true);
  });

  it('sends international numbers with their country code and no +', async () => {
    const gw = await fakeGateway(() => ({ Code: 'OK' }));
    closers.push(gw.close);
    await aliyunProvider(config(gw.url)).sendCode('+85251234567', '123456');
    expect(new URLSearchParams(gw.seen[0]!.body).get('PhoneNumbers')).toBe('85251234567');
  });

  it('throws SmsError when the gateway refuses or is unreachable', async () => {
    const gw = await fakeGateway(() => ({ Code: 'isv.BUSINESS_LIMIT_CONTROL' }));
    closers.push(gw.close);
    await expect(aliyunProvider(config(gw.url)).sendCode('+8613800138000', '1')).rejects.toBeInstanceOf(SmsError);
    await expect(aliyunProvider(config('http://127.0.0.1:1')).sendCode('+8613800138000', '1')).rejects.toBeInstanceOf(SmsError);
  });
});

describe('Tencent Cloud SMS adapter', () => {
  const config = (endpoint: string) => ({
    secretId: 'SID',
    secretKey: 'SKEY',
    appId: '1400000000',
    signName: '艾灸养生',
    templateId: '100',
    noticeTemplates: { 'course-reminder': '200' } as const,
    region: 'ap-guangzhou',
    endpoint,
  });

  /** TC3-HMAC-SHA256, written again from the documentation to check the adapter. */
  function tencentVerify(req: IncomingMessage, body: string, secretKey: string): boolean {
    const auth = String(req.headers.authorization);
    const ts = Number(req.headers['x-tc-timestamp']);
    const date = new Date(ts * 1000).toISOString().slice(0, 10);
    const h = (s: string) => createHash('sha256').update(s).digest('hex');
    const canonical = `POST\n/\n\ncontent-type:${req.headers['content-type']}\nhost:${req.headers.host}\n\ncontent-type;host\n${h(body)}`;
    const toSign = `TC3-HMAC-SHA256\n${ts}\n${date}/sms/tc3_request\n${h(canonical)}`;
    const k = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();
    const sig = createHmac('sha256', k(k(k(`TC3${secretKey}`, date), 'sms'), 'tc3_request'))
      .update(toSign)
      .digest('hex');
    return auth === `TC3-HMAC-SHA256 Credential=SID/${date}/sms/tc3_request, SignedHeaders=content-type;host, Signature=${sig}`;
  }

  it('sends a TC3-signed SendSms request', async () => {
    const gw = await fakeGateway(() => ({ Response: { SendStatusSet: [{ Code: 'Ok' }], RequestId: 'r' } }));
    closers.push(gw.close);
    await tencentProvider(config(gw.url)).sendCode('+8613800138000', '654321');
    const { req, body } = gw.seen[0]!;
    expect(req.headers['x-tc-action']).toBe('SendSms');
    expect(JSON.parse(body)).toMatchObject({ PhoneNumberSet: ['+8613800138000'], TemplateParamSet: ['654321'], SmsSdkAppId: '1400000000' });
    expect(tencentVerify(req, body, 'SKEY')).toBe(true);
    expect(tencentVerify(req, body, 'WRONG')).toBe(false);
  });

  it('sends a notice through its own template, variables in the order of its text (issue #31)', async () => {
    const gw = await fakeGateway(() => ({ Response: { SendStatusSet: [{ Code: 'Ok' }], RequestId: 'r' } }));
    closers.push(gw.close);
    await tencentProvider(config(gw.url)).sendTemplate(
      '+8613800138000',
      'course-reminder',
      { n: '3', total: '10', title: '失眠' },
      'course:k',
    );
    expect(JSON.parse(gw.seen[0]!.body)).toMatchObject({
      TemplateId: '200',
      TemplateParamSet: ['失眠', '3', '10'],
      SessionContext: 'course:k',
    });
    expect(tencentVerify(gw.seen[0]!.req, gw.seen[0]!.body, 'SKEY')).toBe(true);
  });

  it('throws SmsError on an API error or a failed send status', async () => {
    const err = await fakeGateway(() => ({ Response: { Error: { Code: 'AuthFailure.SignatureFailure' } } }));
    const failed = await fakeGateway(() => ({ Response: { SendStatusSet: [{ Code: 'LimitExceeded.PhoneNumberDailyLimit' }] } }));
    closers.push(err.close, failed.close);
    await expect(tencentProvider(config(err.url)).sendCode('+8613800138000', '1')).rejects.toBeInstanceOf(SmsError);
    await expect(tencentProvider(config(failed.url)).sendCode('+8613800138000', '1')).rejects.toBeInstanceOf(SmsError);
  });
});
