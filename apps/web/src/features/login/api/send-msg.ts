import { SOURCE_FROM, VERSION_CODE } from '@moxa/core/login/constants';
import { makeSalt, signRequest } from '@moxa/core/login/sign';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * Spec §7 call 1: POST /api/v8/sendMsg with the signing fields; the response is not read. A plain
 * call (no TanStack mutation) keeps the /login entry page's JavaScript small (issue #6).
 */
export function sendMsg(mobile: string): Promise<unknown> {
  const time = Date.now();
  const salt = makeSalt();
  return apiFetch('/api/v8/sendMsg', {
    method: 'POST',
    body: { mobile, from: SOURCE_FROM, sign: signRequest(mobile, time, salt, SOURCE_FROM), time, salt, versionCode: VERSION_CODE },
  });
}
