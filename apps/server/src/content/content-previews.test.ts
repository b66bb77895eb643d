import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaObject } from '@moxa/core/console/media-contract';
import type { Revision } from '@moxa/core/console/console-contract';
import { buildApp } from '../app.ts';
import type { LiveVersion } from '../routes/live-route-plugins.ts';
import { multipart } from '../media/uploads/test-files.ts';
import { userRepository } from '../users/user-repository.ts';
import { loginAs } from '../../test/support/login-helpers.ts';
import { createTestApp, DIALECTS, fakeSms, type TestApp } from '../../test/support/test-app.ts';
import {
  contentPreviews,
  hashPreviewToken,
  PREVIEW_EXPIRED,
  PREVIEW_HEADER,
  PREVIEW_MEDIA_COOKIE,
  PREVIEW_TTL_MS,
  previewRecords,
} from './content-previews.ts';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const silent = { error: () => {} } as unknown as FastifyBaseLogger;

describe('contentPreviews recovery (decision 045)', () => {
  const setup = (found: { expiresAt: number } | null) => {
    let now = 1_000;
    const asked: string[] = [];
    const built: unknown[] = [];
    const previews = contentPreviews({
      build: async (compiled) => {
        built.push(compiled);
        return { name: 'preview' } as unknown as LiveVersion;
      },
      clock: () => now,
      log: silent,
      recover: async (token) => {
        asked.push(token);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return (
          found && {
            compiled: new Map([['product', [{ id: 'p', position: 0, file: 'p.md', data: { src: '/media/u/abcdefghijklmnop.1.jpg' } }]]]),
            ...found,
          }
        );
      },
    });
    return { previews, asked, built, advance: (ms: number) => (now += ms) };
  };

  it('asks the database once for a token made elsewhere, then answers from memory until its expiry', async () => {
    const { previews, asked, built, advance } = setup({ expiresAt: 61_000 });
    // A frame's requests arriving at once: one recovery, one build.
    const [a, b] = await Promise.all([previews.resolve(TOKEN), previews.resolve(TOKEN)]);
    expect(a).not.toBeNull();
    expect(b).toBe(a);
    expect(asked).toEqual([TOKEN]);
    expect(built).toHaveLength(1);
    expect(await previews.remainingMs(TOKEN)).toBe(60_000);
    expect(await previews.refersTo(TOKEN, '/media/u/abcdefghijklmnop.1.jpg')).toBe(true);
    expect(await previews.refersTo(TOKEN, '/media/u/bbbbbbbbbbbbbbbb.1.jpg')).toBe(false);
    expect(asked).toHaveLength(1);
    // The database's expiry holds here too.
    advance(60_000);
    expect(await previews.resolve(TOKEN)).toBeNull();
    expect(await previews.remainingMs(TOKEN)).toBeNull();
    expect(await previews.refersTo(TOKEN, '/media/u/abcdefghijklmnop.1.jpg')).toBe(false);
  });

  it('answers nothing for a token unknown, already expired, or not a token (never asking for the latter)', async () => {
    const unknown = setup(null);
    expect(await unknown.previews.resolve(TOKEN)).toBeNull();
    expect(unknown.built).toHaveLength(0);
    const expired = setup({ expiresAt: 1_000 });
    expect(await expired.previews.resolve(TOKEN)).toBeNull();
    expect(expired.built).toHaveLength(0);
    expect(await expired.previews.resolve('not a token')).toBeNull();
    expect(expired.asked).toEqual([TOKEN]);
  });
});

type Who = { headers: { authorization: string } };
const PRODUCT = 'family-set';
const READ = `/api/v8/products/${PRODUCT}`;

/**
 * Decision 045 on the real pipeline: a preview opened on one instance is answered by another on the same
 * database (no sticky sessions) — its content reads, its media cookie and the draft's unpublished photo —
 * from a row holding only the token's hash, and both say 410 once it expired.
 */
describe.each(DIALECTS)('a console preview on every instance, %s (decision 045)', (dialect) => {
  let t: TestApp;
  let second: FastifyInstance;
  let editor: Who;
  let reviewer: Who;
  const call = (app: FastifyInstance, who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    t.clock.advance(1000);
    return app.inject({ method, url: `/api/v8/console${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
  };
  const staffer = async (mobile: string, role: 'editor' | 'reviewer'): Promise<Who> => {
    const { token, userId } = await loginAs(t, mobile, '10.45.1.1');
    await userRepository(t.db, Date.now).grant(userId, role);
    return { headers: { authorization: `Bearer ${token}` } };
  };

  beforeAll(async () => {
    // A web build of one page, so a preview's navigation is answered as in production (its media cookie).
    const web = mkdtempSync(join(tmpdir(), 'moxa-previews-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    t = await createTestApp(dialect, { WEB_DIST: web }, { serveWeb: true });
    second = await buildApp({
      env: t.app.ctx.env,
      db: t.db,
      sms: fakeSms(),
      clock: t.clock.now,
      wechat: null,
      logStream: new Writable({ write: (_chunk, _enc, cb) => cb() }),
    });
    await second.ready();
    editor = await staffer('13900450001', 'editor');
    reviewer = await staffer('13900450002', 'reviewer');
  }, 60_000);
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it(
    'opened on one instance, the draft and its unpublished photo show on the other until the preview expires',
    { timeout: 120_000 },
    async () => {
      const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#a0522d' } })
        .jpeg()
        .toBuffer();
      const body = multipart([
        { name: 'alt', value: '全家套装的新照片' },
        { name: 'file', filename: 'set.jpg', type: 'image/jpeg', bytes: jpeg },
      ]);
      const uploaded = await t.app.inject({
        method: 'POST',
        url: '/api/v8/console/media',
        payload: body.payload,
        headers: { ...body.headers, ...editor.headers },
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const photo = uploaded.json().data as MediaObject;
      const photoUrl = photo.image!.webp[0]!.url;

      const item = (await call(t.app, editor, 'GET', `/kinds/product/items/${PRODUCT}`)).json().data as {
        source: { format: 'markdown'; fields: Record<string, unknown>; body: string };
      };
      const withPrice = (price: number) => ({
        ...item.source,
        fields: {
          ...item.source.fields,
          price,
          images: [{ src: photo.ref, alt: '全家套装的新照片' }, ...(item.source.fields.images as object[]).slice(1)],
        },
      });
      const created = await call(t.app, editor, 'POST', '/revisions', { kind: 'product', itemId: PRODUCT, source: withPrice(4321) });
      expect(created.statusCode, created.body).toBe(200);
      const draft = created.json().data as Revision;
      const opened = await call(t.app, reviewer, 'POST', `/revisions/${draft.id}/preview`);
      expect(opened.statusCode, opened.body).toBe(200);
      const { token, expiresAt } = opened.json().data as { token: string; expiresAt: number };

      // The database holds the token's SHA-256 and the revision, never the token.
      const rows = await t.db.selectFrom('content_previews').selectAll().execute();
      expect(rows.map((r) => ({ ...r, created_at: Number(r.created_at), expires_at: Number(r.expires_at) }))).toEqual([
        { token_hash: hashPreviewToken(token), revision_id: draft.id, created_at: expiresAt - PREVIEW_TTL_MS, expires_at: expiresAt },
      ]);
      expect(JSON.stringify(rows)).not.toContain(token);

      // Saved again before the other instance first sees the token: it compiles the revision's current source.
      const saved = await call(t.app, editor, 'PUT', `/revisions/${draft.id}`, { source: withPrice(4444) });
      expect(saved.statusCode, saved.body).toBe(200);
      const onB = await second.inject({ url: READ, headers: { [PREVIEW_HEADER]: token } });
      expect(onB.statusCode, onB.body).toBe(200);
      expect(onB.json().data.price).toBe(4444);
      expect(onB.headers['cache-control']).toBe('private, no-store');
      // The opening instance keeps what it compiled then; nobody else sees the draft.
      expect((await t.app.inject({ url: READ, headers: { [PREVIEW_HEADER]: token } })).json().data.price).toBe(4321);
      expect((await second.inject({ url: READ })).json().data.price).toBe(398);

      // The frame's navigation on the other instance sets the media cookie, which opens the draft's photo there.
      const page = await second.inject({ url: `/product_detail/${PRODUCT}?preview=${token}`, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      const cookie = `${PREVIEW_MEDIA_COOKIE}${token}=1`;
      expect(String(page.headers['set-cookie'])).toMatch(
        new RegExp(`^${cookie}; Path=/media/u/; Max-Age=\\d+; HttpOnly; SameSite=Strict$`),
      );
      const shown = await second.inject({ url: photoUrl, headers: { cookie } });
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['cache-control']).toBe('private, no-store');
      expect((await second.inject({ url: photoUrl })).statusCode).toBe(404);

      // Expired: 410 with the Chinese message on both, the photo 404 again, the row purged.
      t.clock.set(expiresAt);
      for (const app of [t.app, second]) {
        const gone = await app.inject({ url: READ, headers: { [PREVIEW_HEADER]: token } });
        expect(gone.statusCode).toBe(410);
        expect(gone.json()).toEqual({ code: 41000, msg: PREVIEW_EXPIRED, data: null });
        expect((await app.inject({ url: photoUrl, headers: { cookie } })).statusCode).toBe(404);
      }
      expect(await previewRecords(t.db).purge(t.clock.now())).toBe(1);
      expect(await t.db.selectFrom('content_previews').selectAll().execute()).toEqual([]);
    },
  );

  it('a token the database does not hold is 410 on every instance', { timeout: 60_000 }, async () => {
    // A made-up token, and one of a row for another token.
    const revision = await t.db.selectFrom('content_revisions').select('id').executeTakeFirstOrThrow();
    await previewRecords(t.db).save('ZZZZZZZZZZZZZZZZZZZZZZ', revision.id, t.clock.now(), t.clock.now() + PREVIEW_TTL_MS);
    for (const app of [t.app, second]) expect((await app.inject({ url: READ, headers: { [PREVIEW_HEADER]: TOKEN } })).statusCode).toBe(410);
    // The row is found by the hash of its token.
    expect((await second.inject({ url: READ, headers: { [PREVIEW_HEADER]: 'ZZZZZZZZZZZZZZZZZZZZZZ' } })).statusCode).toBe(200);
  });
});
