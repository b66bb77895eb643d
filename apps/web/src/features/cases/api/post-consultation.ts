import type { CaseDetail, ConsultationRequest } from '@moxa/core/cases/case-contract';
import type { Envelope } from '@moxa/core/http/envelope';
import { ApiError, NETWORK_MESSAGE } from '../../../lib/api-client.ts';
import { checkLogin } from '../../../lib/login-check.ts';
import { getLoginInfo, setLoginInfo } from '../../../lib/login-info.ts';
import { currentPath } from '../../../lib/navigation.ts';
import { photoUploadName } from '../utils/photos.ts';
import { CONSULTATIONS_PATH } from './paths.ts';

/**
 * POST /api/v8/consultations (issue #17): multipart, `data` = the request as JSON, `photos` = the
 * files. apiFetch sends JSON only, so this does the same job for a form: the bearer token, the
 * {code,msg,data} envelope, ApiError with the server's Chinese message, the network message when the
 * phone is offline, and on 401 the stored login ends and the login check runs (the form's draft is on
 * the device, so nothing typed is lost on the way to /login and back).
 */
export async function postConsultation(request: ConsultationRequest, files: readonly File[], signal?: AbortSignal): Promise<CaseDetail> {
  const form = new FormData();
  form.append('data', JSON.stringify(request));
  // A file's name is only a label to the server, which refuses odd ones: send plain names.
  files.forEach((f, i) => form.append('photos', f, photoUploadName(f, i)));
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getLoginInfo()?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(new URL(CONSULTATIONS_PATH, window.location.origin), { method: 'POST', headers, body: form, signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, -1, NETWORK_MESSAGE);
  }
  const json = (await res.json().catch(() => null)) as Partial<Envelope<CaseDetail>> | null;
  if (res.status === 401) {
    if (token) setLoginInfo(null);
    void checkLogin({ returnTo: currentPath() });
    throw new ApiError(401, json?.code ?? 40100, json?.msg ?? '请先登录');
  }
  if (!res.ok || !json || json.code !== 0) {
    const fallback =
      res.status === 413 ? '照片太大，请减少照片或截图后再试' : res.status >= 500 ? '服务器开小差了，请稍后再试' : NETWORK_MESSAGE;
    throw new ApiError(res.status, json?.code ?? -1, json?.msg ?? fallback);
  }
  return json.data as CaseDetail;
}
