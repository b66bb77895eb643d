import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from '@moxa/core/cases/case-contract';
import { MAX_MEDIA_IMAGE_BYTES, MAX_MEDIA_SUBTITLE_BYTES, MAX_MEDIA_VIDEO_BYTES } from '@moxa/core/console/media-contract';
import { grantConsentsThrough } from '../support/consent-helpers.ts';
import { sessionInput } from '../support/moxa-fixtures.ts';
import { consultationRequest, multipartBody } from '../support/multipart.ts';
import { loginAs } from '../support/login-helpers.ts';
import { createTestApp, DIALECTS, type TestApp } from '../support/test-app.ts';
import { privateSchema } from '../support/pg-schema.ts';
import { loginThrough, startServer, type ServerProcess } from '../support/server-process.ts';
import { hasNginx, NGINX_SAMPLE as SAMPLE, startNginxSample, type NginxSample } from '../../../../scripts/nginx-sample.ts';

const bytes = (size: string) => {
  const m = /^([0-9]+)([km]?)$/.exec(size)!;
  return Number(m[1]) * (m[2] === 'm' ? 1024 * 1024 : m[2] === 'k' ? 1024 : 1);
};
/** The client_max_body_size nginx applies to a path of the sample: its exact location's, else the server's. */
function nginxLimit(path: string): number {
  const location = new RegExp(`location = ${path.replace(/[/.]/g, '\\$&')} \\{([^}]*)\\}`).exec(SAMPLE)?.[1] ?? '';
  const own = /client_max_body_size ([0-9]+[km]?);/.exec(location)?.[1];
  const server = /\n {4}client_max_body_size ([0-9]+[km]?);/.exec(SAMPLE)![1]!;
  return bytes(own ?? server);
}

/** The largest body the app itself accepts on a route: the size just under its own 413. */
async function appAccepts(t: TestApp, url: string, size: number, token: string): Promise<boolean> {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: `"${'a'.repeat(size - 2)}"`,
  });
  return res.statusCode !== 413;
}

/**
 * Issue #27 item 12: the nginx sample used to refuse every body over 64 KB with nginx's own HTML 413,
 * so photo uploads and the moxibustion-log import never reached the app. Its limits now follow the
 * app's, and a body too large gets the app's JSON envelope.
 */
describe('the nginx sample in docs/operations.md (issue #27 item 12)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    // Logged in, so a route that checks the session first still reaches its body limit.
    token = (await loginAs(t, '13700137200')).token;
  });
  afterAll(async () => t.close());

  it('lets through every body the app accepts, and not much more', async () => {
    // JSON routes: the app's 64 KB.
    expect(await appAccepts(t, '/api/v8/sendMsg', 64 * 1024, token)).toBe(true);
    expect(await appAccepts(t, '/api/v8/sendMsg', 64 * 1024 + 1, token)).toBe(false);
    expect(nginxLimit('/api/v8/sendMsg')).toBe(64 * 1024);
    // The moxibustion-log import: the app's 1 MB.
    expect(await appAccepts(t, '/api/v8/moxa/sessions/import', 1024 * 1024, token)).toBe(true);
    expect(await appAccepts(t, '/api/v8/moxa/sessions/import', 1024 * 1024 + 1, token)).toBe(false);
    expect(nginxLimit('/api/v8/moxa/sessions/import')).toBe(1024 * 1024);
    // A consultation: every photo at its largest, the form fields (4 of at most 16 KB) and the multipart framing.
    const consultation = nginxLimit('/api/v8/consultations');
    expect(consultation).toBeGreaterThanOrEqual(MAX_PHOTOS * MAX_PHOTO_BYTES + 4 * 16 * 1024 + 16 * 1024);
    expect(consultation).toBeLessThanOrEqual(MAX_PHOTOS * MAX_PHOTO_BYTES + 2 * 1024 * 1024);
    // Issue #30: a video upload at its largest, with its poster and subtitles, the alt text and the framing.
    const media = nginxLimit('/api/v8/console/media');
    const upload = MAX_MEDIA_VIDEO_BYTES + MAX_MEDIA_IMAGE_BYTES + MAX_MEDIA_SUBTITLE_BYTES + 4 * 1024 + 16 * 1024;
    expect(media).toBeGreaterThanOrEqual(upload);
    expect(media).toBeLessThanOrEqual(upload + 2 * 1024 * 1024);
    expect(SAMPLE).toContain(`location ~ "^/api/v8/console/media/[a-z2-7]{16}$" {\n        client_max_body_size ${media / 1024 / 1024}m;`);
  });

  it('answers a body too large in the app’s JSON envelope', () => {
    expect(SAMPLE).toMatch(/error_page 413 = @too_large;/);
    const answer = /return 413 '([^']*)';/.exec(SAMPLE)![1]!;
    expect(JSON.parse(answer)).toEqual({ code: 41300, msg: '请求内容过大', data: null });
  });
});

describe.skipIf(!hasNginx()).each(DIALECTS)(
  'photo uploads and the log import through the nginx sample, on %s (issue #27 item 12)',
  (dialect) => {
    let dir: string;
    let app: ServerProcess;
    let nginx: NginxSample;
    let base: string;
    let dropSchema: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'moxa-nginx-app-'));
      let database: Record<string, string> = { SQLITE_PATH: join(dir, 'app.db') };
      if (dialect === 'postgres') {
        const pg = await privateSchema(process.env.TEST_DATABASE_URL!);
        dropSchema = pg.drop;
        database = { DATABASE_URL: pg.url };
      }
      app = await startServer({ ...database, TRUST_PROXY: '1' });
      nginx = await startNginxSample(app.url);
      base = nginx.url;
    });
    afterAll(async () => {
      nginx?.stop();
      await app?.dispose();
      await dropSchema?.();
      rmSync(dir, { recursive: true, force: true });
    });

    const loggedIn = async (mobile: string) => {
      const { token } = await loginThrough(app, app, mobile);
      await grantConsentsThrough(app.url, token);
      return token;
    };

    it('brings a consultation with photos of several MB to the app', async () => {
      const token = await loggedIn('13700137201');
      const noise = () =>
        sharp(randomBytes(1000 * 700 * 3), { raw: { width: 1000, height: 700, channels: 3 } })
          .png({ compressionLevel: 0 })
          .toBuffer();
      const photos = [await noise(), await noise()];
      const body = multipartBody(
        { data: JSON.stringify(consultationRequest()) },
        photos.map((bytes, i) => ({ name: 'photos', filename: `p${i}.png`, bytes, type: 'image/png' })),
      );
      expect(body.payload.length).toBeGreaterThan(4 * 1024 * 1024);
      const res = await fetch(`${base}/api/v8/consultations`, {
        method: 'POST',
        headers: { ...body.headers, authorization: `Bearer ${token}` },
        body: new Uint8Array(body.payload),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(((await res.json()) as { data: { photos: unknown[] } }).data.photos).toHaveLength(2);
    });

    it('brings a log import of several hundred KB to the app', async () => {
      const token = await loggedIn('13700137202');
      const now = Date.now();
      const sessions = Array.from({ length: 200 }, (_, i) => sessionInput({ notes: '灸'.repeat(500) }, now - 3_600_000 - i * 3_600_000));
      const payload = JSON.stringify({ sessions });
      expect(Buffer.byteLength(payload)).toBeGreaterThan(300 * 1024);
      const res = await fetch(`${base}/api/v8/moxa/sessions/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: payload,
      });
      expect(res.status, await res.clone().text()).toBe(200);
      expect(((await res.json()) as { data: { imported: number } }).data.imported).toBe(200);
    });

    it('refuses a body over the limit in the app’s JSON envelope, not an HTML page', async () => {
      const res = await fetch(`${base}/api/v8/sendMsg`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `"${'a'.repeat(100 * 1024)}"`,
      });
      expect(res.status).toBe(413);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ code: 41300, msg: '请求内容过大', data: null });
    });
  },
);

/**
 * Decision 052: the sample is what phones meet (and what the bench measures), so it must start on the
 * nginx an operator has — `http2 on;` stopped Debian 12's nginx 1.22 with "unknown directive" — and
 * answer over TLS with HTTP/2.
 */
describe.skipIf(!hasNginx())('the nginx sample over TLS (decision 052)', () => {
  let dir: string;
  let app: ServerProcess;
  let nginx: NginxSample;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'moxa-nginx-app-'));
    app = await startServer({ SQLITE_PATH: join(dir, 'app.db'), TRUST_PROXY: '1' });
    nginx = await startNginxSample(app.url, { tls: true });
  });
  afterAll(async () => {
    nginx?.stop();
    await app?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the app over HTTP/2, compressed as the app compresses it', async () => {
    const session = connect(nginx.url, { rejectUnauthorized: false });
    try {
      const get = (path: string) =>
        new Promise<{ status: number; encoding: unknown }>((resolve, reject) => {
          const req = session.request({ ':path': path, 'accept-encoding': 'br' });
          let status = 0;
          let encoding: unknown;
          req.on('response', (h) => {
            status = Number(h[':status']);
            encoding = h['content-encoding'];
          });
          req.resume();
          req.on('end', () => resolve({ status, encoding }));
          req.on('error', reject);
          req.end();
        });
      const health = await get('/api/health');
      expect(health.status).toBe(200);
      expect(session.alpnProtocol).toBe('h2');
      const page = await get('/api/v8/acupoints');
      expect(page.status).toBe(200);
      expect(page.encoding).toBe('br');
    } finally {
      session.close();
    }
  });
});
