import { SOURCE_FROM, VERSION_CODE } from '@moxa/core/login/constants';
import { makeSalt, signRequest } from '@moxa/core/login/sign';
import { apiFetch } from '../../../lib/api-client.ts';
import { serverClock } from '../../../lib/server-clock.ts';
import { sendAtServerTime } from '../signed-send.ts';

/**
 * Spec §7 call 1: POST /api/v8/sendMsg with the signing fields; the response is not read. A plain
 * call (no TanStack mutation) keeps the /login entry page's JavaScript small (issue #6). Signed at the
 * server's time, so a phone with a wrong clock still gets its code (issue #32 item 7).
 */
export function sendMsg(mobile: string): Promise<unknown> {
  return sendAtServerTime(serverClock, (time, answered) => {
    const salt = makeSalt();
    return apiFetch('/api/v8/sendMsg', {
      method: 'POST',
      body: { mobile, from: SOURCE_FROM, sign: signRequest(mobile, time, salt, SOURCE_FROM), time, salt, versionCode: VERSION_CODE },
      onResponse: (res) => answered(res.headers.get('Date')),
    });
  });
}
