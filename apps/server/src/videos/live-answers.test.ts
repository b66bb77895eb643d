import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { liveAnswers } from './live-answers.ts';

/** Issue #33 item 4: answers with view counts are built once per key and kept a short while. */
describe('live answers (view counts)', () => {
  function setup() {
    let now = 1_000_000;
    let views = 0;
    let builds = 0;
    const answer = liveAnswers(() => now, { ttlMs: 10_000, maxAgeSeconds: 30 });
    const app = Fastify();
    app.get('/v/:key', (request, reply) =>
      answer(request, reply, (request.params as { key: string }).key, async () => {
        builds++;
        await new Promise((r) => setTimeout(r, 5));
        return { views };
      }),
    );
    return {
      app,
      get: async (key = 'a') => (await app.inject({ url: `/v/${key}` })).json().data.views as number,
      view: () => void views++,
      advance: (ms: number) => void (now += ms),
      builds: () => builds,
    };
  }

  it('builds an answer once and reuses it until it is older than the ttl', async () => {
    const s = setup();
    expect(await s.get()).toBe(0);
    s.view();
    s.advance(9_999);
    expect(await s.get()).toBe(0);
    expect(s.builds()).toBe(1);
    s.advance(1);
    expect(await s.get()).toBe(1);
    expect(s.builds()).toBe(2);
    // Another key is its own answer.
    expect(await s.get('b')).toBe(1);
    expect(s.builds()).toBe(3);
  });

  it('lets concurrent requests share one rebuild', async () => {
    const s = setup();
    const all = await Promise.all(Array.from({ length: 20 }, () => s.get()));
    expect(all.every((v) => v === 0)).toBe(true);
    expect(s.builds()).toBe(1);
  });

  it('answers with an ETag, 304 on a match, and the browser cache time given', async () => {
    const s = setup();
    const first = await s.app.inject({ url: '/v/a' });
    expect(first.headers['cache-control']).toBe('public, max-age=30');
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await s.app.inject({ url: '/v/a', headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('does not keep a failed build', async () => {
    let fail = true;
    const answer = liveAnswers(() => 0, { ttlMs: 10_000, maxAgeSeconds: 30 });
    const app = Fastify();
    app.get('/x', (request, reply) =>
      answer(request, reply, 'x', async () => {
        if (fail) throw new Error('database down');
        return 'ok';
      }),
    );
    expect((await app.inject({ url: '/x' })).statusCode).toBe(500);
    fail = false;
    expect((await app.inject({ url: '/x' })).json().data).toBe('ok');
  });
});
