import type { MediaObject } from '@moxa/core/console/media-contract';
import type { Envelope } from '@moxa/core/http/envelope';
import { ConsoleApiError, NETWORK_MESSAGE, readToken, SERVER_MESSAGE, type ApiDeps } from './api.ts';
import { CONSOLE_API } from './paths.ts';

/** Paths of the media library API (packages/core/src/console/media-contract.ts, issue #30). */
export const mediaPath = {
  list: () => `${CONSOLE_API}/media`,
  one: (id: string) => `${CONSOLE_API}/media/${encodeURIComponent(id)}`,
  /** A stored file by its served URL (/media/u/<name>), for previews of unpublished uploads. */
  file: (id: string, url: string) =>
    `${CONSOLE_API}/media/${encodeURIComponent(id)}/files/${encodeURIComponent(url.slice(url.lastIndexOf('/') + 1))}`,
};

/** The smallest image of an upload (an image's, or a video's poster), for the library's thumbnails. */
export function thumbnailUrl(media: MediaObject): string | null {
  const image = media.image ?? media.video?.poster ?? null;
  return image?.webp[0]?.url ?? null;
}

export type UploadFields = { alt?: string; file?: File | Blob | null; poster?: File | Blob | null; subtitles?: File | Blob | null };

/** The multipart body the server reads: `alt`, then `file`, `poster`, `subtitles` (those given). */
export function uploadForm(fields: UploadFields): FormData {
  const form = new FormData();
  if (fields.alt !== undefined) form.append('alt', fields.alt);
  for (const name of ['file', 'poster', 'subtitles'] as const) {
    const f = fields[name];
    if (f) form.append(name, f, f instanceof File ? f.name : name);
  }
  return form;
}

/**
 * POST (a new upload) or PUT (a replacement) as multipart, with the console's login; resolves to the
 * stored object or throws a ConsoleApiError with the server's Chinese message (e.g. a pixel bomb or a
 * video without fast start). The JSON client cannot send files, so this one call has its own fetch.
 */
export async function sendUpload(deps: ApiDeps, method: 'POST' | 'PUT', path: string, form: FormData): Promise<MediaObject> {
  const token = readToken(deps.storage);
  let res: Response;
  try {
    res = await deps.fetch(new URL(path, deps.origin), {
      method,
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
  } catch {
    throw new ConsoleApiError(0, -1, NETWORK_MESSAGE);
  }
  const json = (await res.json().catch(() => null)) as Partial<Envelope<MediaObject>> | null;
  if (res.status === 401) {
    const message = json?.msg ?? '请先登录';
    deps.onUnauthorized?.(message);
    throw new ConsoleApiError(401, json?.code ?? 40100, message);
  }
  if (!res.ok || !json || json.code !== 0)
    throw new ConsoleApiError(res.status, json?.code ?? -1, json?.msg ?? (res.status >= 500 ? SERVER_MESSAGE : NETWORK_MESSAGE));
  return json.data as MediaObject;
}

/** "1.2 MB" / "830 KB" for the library's size column. */
export function sizeLabel(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** "1分05秒" for a video's length. */
export function durationLabel(ms: number | null): string {
  if (ms === null) return '';
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}分${String(s % 60).padStart(2, '0')}秒` : `${s}秒`;
}
