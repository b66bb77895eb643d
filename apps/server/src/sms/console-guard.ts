import type { FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';
import { SmsError, type SmsProvider } from './sms-provider.ts';

/** Headers a reverse proxy adds: their presence means the server is not only on a developer's machine. */
const FORWARDED = ['x-forwarded-for', 'x-real-ip', 'forwarded'] as const;

/**
 * Issue #27 item 12: the console provider without SMS_CONSOLE_ALLOWED listens on the loopback only
 * (env.ts), but nginx on the same machine reaches the loopback too. Once a request arrives through a
 * proxy, the console provider stops printing codes (sending answers 短信发送失败) and the log says
 * why, instead of silently printing real users' login codes.
 */
export function consoleBehindProxyGuard(sms: SmsProvider, env: Pick<Env, 'SMS_CONSOLE_ALLOWED'>) {
  const watching = sms.name === 'console' && !env.SMS_CONSOLE_ALLOWED;
  let stopped = false;
  const refuse = () => {
    throw new SmsError('SMS_PROVIDER=console behind a proxy: configure a real SMS provider (docs/operations.md)');
  };
  const provider: SmsProvider = watching
    ? {
        name: sms.name,
        sendCode: async (e164, code) => (stopped ? refuse() : sms.sendCode(e164, code)),
        sendTemplate: async (e164, template, params, ref) => (stopped ? refuse() : sms.sendTemplate(e164, template, params, ref)),
        lookup: (e164, ref, since) => sms.lookup(e164, ref, since),
      }
    : sms;
  return {
    provider,
    /** Looks at one request; true the once it stops the console provider. */
    check(request: FastifyRequest): boolean {
      if (!watching || stopped || !FORWARDED.some((h) => request.headers[h] !== undefined)) return false;
      stopped = true;
      return true;
    },
  };
}
