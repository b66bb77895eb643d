import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleDistFor, registerConsoleStatic } from './console-static.ts';

describe.each([true, false])('/console (issue #29), trailing slashes ignored: %s', (ignoreTrailingSlash) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'moxa-console-'));
    const dist = consoleDistFor(join(root, 'apps/web/dist'));
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>运营后台</title>');
    writeFileSync(join(dist, 'assets/index-abc123.js'), 'console.log(1)');
    // As app.ts builds it (trailing slashes ignored), and without.
    app = Fastify({ routerOptions: { ignoreTrailingSlash } });
    await registerConsoleStatic(app, dist);
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ code: 40400, msg: '请求的接口不存在', data: null }));
  });
  afterAll(async () => app.close());

  it('serves the shell for /console/ and every client route, revalidated', async () => {
    for (const url of ['/console', '/console/', '/console/content/products/family-set', '/console/audit?actor=x']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('运营后台');
    }
  });

  it('serves hashed assets immutable, and a missing file as a 404 (never the shell)', async () => {
    const asset = await app.inject('/console/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/console/assets/index-old999.js', '/console/missing.css', '/console/assets/../../../etc/passwd']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('运营后台');
    }
  });

  it('registers nothing without a build', async () => {
    const bare = Fastify();
    await registerConsoleStatic(bare, join(tmpdir(), 'no-such-console-build'));
    expect((await bare.inject('/console/')).statusCode).toBe(404);
    await bare.close();
  });
});
