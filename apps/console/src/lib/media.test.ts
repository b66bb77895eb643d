import { describe, expect, it } from 'vitest';
import type { MediaObject } from '@moxa/core/console/media-contract';
import { LOGIN_INFO_KEY } from '@moxa/core/login/constants';
import { ConsoleApiError } from './api.ts';
import { durationLabel, mediaPath, sendUpload, sizeLabel, thumbnailUrl, uploadForm } from './media.ts';

const storage = { getItem: (k: string) => (k === LOGIN_INFO_KEY ? JSON.stringify({ token: 'A'.repeat(43) }) : null), setItem: () => {} };

describe('media library helpers (issue #30)', () => {
  it('builds the multipart body with the fields the server reads', () => {
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' });
    const form = uploadForm({ alt: '艾灸盒', file, poster: null });
    expect([...form.keys()]).toEqual(['alt', 'file']);
    expect((form.get('file') as File).name).toBe('photo.jpg');
    expect([...uploadForm({ file }).keys()]).toEqual(['file']);
  });

  it('sends the upload with the login and unwraps the answer, or throws the server’s message', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const answer = (status: number, body: unknown) => async (url: URL | RequestInfo, init?: RequestInit) => {
      calls.push({ url: String(url), init: init! });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    };
    const media = { id: 'abcdefghijklmnop' } as MediaObject;
    const ok = await sendUpload(
      { fetch: answer(200, { code: 0, msg: 'ok', data: media }), storage, origin: 'http://x' },
      'POST',
      mediaPath.list(),
      new FormData(),
    );
    expect(ok).toEqual(media);
    expect(calls[0]!.url).toBe('http://x/api/v8/console/media');
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe(`Bearer ${'A'.repeat(43)}`);
    // The browser sets the multipart boundary: no Content-Type of ours.
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    const refused = sendUpload(
      {
        fetch: answer(400, { code: 40000, msg: '图片尺寸过大（30000×30000，超过 4000 万像素），请缩小后再上传', data: null }),
        storage,
        origin: 'http://x',
      },
      'PUT',
      mediaPath.one('abcdefghijklmnop'),
      new FormData(),
    );
    await expect(refused).rejects.toThrow(new ConsoleApiError(400, 40000, '图片尺寸过大（30000×30000，超过 4000 万像素），请缩小后再上传'));
    let unauthorized = '';
    await expect(
      sendUpload(
        {
          fetch: answer(401, { code: 40100, msg: '登录已失效，请重新登录', data: null }),
          storage,
          origin: 'http://x',
          onUnauthorized: (m) => (unauthorized = m),
        },
        'POST',
        mediaPath.list(),
        new FormData(),
      ),
    ).rejects.toThrow('登录已失效，请重新登录');
    expect(unauthorized).toBe('登录已失效，请重新登录');
  });

  it('names the preview path of a served file, the thumbnail, sizes and durations', () => {
    expect(mediaPath.file('abcdefghijklmnop', '/media/u/abcdefghijklmnop.320.0123456789.webp')).toBe(
      '/api/v8/console/media/abcdefghijklmnop/files/abcdefghijklmnop.320.0123456789.webp',
    );
    const poster = { webp: [{ width: 320, url: '/media/u/p.320.webp' }] };
    expect(thumbnailUrl({ image: null, video: { poster } } as unknown as MediaObject)).toBe('/media/u/p.320.webp');
    expect(sizeLabel(1536 * 1024)).toBe('1.5 MB');
    expect(sizeLabel(300)).toBe('1 KB');
    expect(durationLabel(65_000)).toBe('1分05秒');
    expect(durationLabel(null)).toBe('');
  });
});
