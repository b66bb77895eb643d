import type { FastifyServerOptions } from 'fastify';
import type { Env } from '../env.ts';

const SECRET_QUERY = /([?&](?:mobile|code|token|ticket|phone)=)[^&]*/gi;

/** Request URLs in logs keep their shape but never a phone number, code or token (design §6). */
export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1***');

/** Structured JSON logs with request ids; secrets redacted (issue #2 §5). */
export function loggerOptions(env: Env, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level: env.LOG_LEVEL,
    ...(stream ? { stream } : {}),
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '***' },
    serializers: {
      req(req: { id: string; method: string; url: string; ip?: string; headers?: Record<string, unknown> }) {
        return { id: req.id, method: req.method, url: redactUrl(req.url), ip: req.ip, ua: req.headers?.['user-agent'] };
      },
    },
  };
}
