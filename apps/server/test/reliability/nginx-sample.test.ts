import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
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
import { loginThrough, sleep, startServer, type ServerProcess } from '../support/server-process.ts';

const ROOT = new URL('../../../../', import.meta.url).pathname;
/** The nginx sample of docs/operations.md, as an operator copies it. */
const SAMPLE = /### nginx[\s\S]*?```nginx\n([\s\S]*?)```/.exec(readFileSync(join(ROOT, 'docs/operations.md'), 'utf8'))![1]!;
const hasNginx = spawnSync('nginx', ['-v']).status === 0;

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

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** The sample as a test can run it: plain HTTP on a free port, in front of one test server. */
function runnableConfig(dir: string, appPort: number, port: number): string {
  const site = SAMPLE.replace(/(\n {4}server 127\.0\.0\.1:[0-9]+[^;]*;)+/, `\n    server 127.0.0.1:${appPort};`)
    .replace(/server \{\n {4}listen 80;[\s\S]*?\n\}\n/, '')
    .replace('listen 443 ssl;', `listen 127.0.0.1:${port};`)
    .replace(/\n {4}(http2 on|ssl_certificate|ssl_certificate_key)[^;]*;/g, '')
    .replace('/var/log/nginx/moxa.access.log', join(dir, 'access.log'));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `    ${k}_temp_path ${join(dir, k)};`).join('\n');
  return `daemon off;\nmaster_process off;\npid ${join(dir, 'nginx.pid')};\nerror_log ${join(dir, 'error.log')};\nevents {}\nhttp {\n${temp}\n${site}\n}\n`;
}

describe.skipIf(!hasNginx).each(DIALECTS)(
  'photo uploads and the log import through the nginx sample, on %s (issue #27 item 12)',
  (dialect) => {
    let dir: string;
    let app: ServerProcess;
    let nginx: ChildProcess;
    let base: string;
    let dropSchema: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'moxa-nginx-'));
      let database: Record<string, string> = { SQLITE_PATH: join(dir, 'app.db') };
      if (dialect === 'postgres') {
        const pg = await privateSchema(process.env.TEST_DATABASE_URL!);
        dropSchema = pg.drop;
        database = { DATABASE_URL: pg.url };
      }
      app = await startServer({ ...database, TRUST_PROXY: '1' });
      const port = await freePort();
      for (const k of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, k));
      writeFileSync(join(dir, 'nginx.conf'), runnableConfig(dir, Number(new URL(app.url).port), port));
      nginx = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
      base = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        try {
          if ((await fetch(`${base}/api/health`)).ok) break;
        } catch {
          /* not up yet */
        }
        if (i > 100) throw new Error(`nginx did not start: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
        await sleep(50);
      }
    });
    afterAll(async () => {
      nginx?.kill('SIGTERM');
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
