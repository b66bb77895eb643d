import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { liveRoutes, type LiveVersion } from './live-route-plugins.ts';

/** A route plugin as the route modules write them: a factory closing over its data and a cache. */
function greetingRoutes(word: string, extraRoute = false): FastifyPluginAsync {
  const cache = new Map<string, string>();
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('x-word')) reply.header('x-word', word);
    });
    // A fastify-plugin (as @fastify/multipart is): set up once, on the real scope.
    await app.register(
      fp(async (scope) => {
        scope.decorateRequest('marker', 'set-up-once');
      }),
    );
    // A nested, encapsulated plugin with routes of its own.
    await app.register(async (sub) => {
      sub.get('/nested', async () => ({ word: `nested ${word}` }));
    });
    app.get('/greet', { schema: { querystring: { type: 'object', properties: { who: { type: 'string' } } } } }, async (request) => {
      const who = (request.query as { who?: string }).who ?? 'you';
      if (!cache.has(who)) cache.set(who, `${word}, ${who}`);
      return { text: cache.get(who), marker: (request as FastifyRequest & { marker: string }).marker };
    });
    app.route({ method: ['POST'], url: '/greet', handler: (_request, reply) => void reply.send({ posted: word }) });
    if (extraRoute) app.get('/extra', async () => 'extra');
  };
}

async function setUp(served: (r: FastifyRequest) => LiveVersion | null = () => null) {
  const app: FastifyInstance = Fastify();
  const live = liveRoutes(served);
  app.get('/fixed', async () => 'fixed');
  await live.add(app, greetingRoutes('hello') as never);
  live.start();
  await app.ready();
  return { app, live };
}

describe('live route plugins (issue #29)', () => {
  it('registers the first version as real routes and serves it', async () => {
    const { app } = await setUp();
    const res = await app.inject({ url: '/greet?who=Li' });
    expect(res.json()).toEqual({ text: 'hello, Li', marker: 'set-up-once' });
    expect(res.headers['x-word']).toBe('hello');
    expect((await app.inject({ url: '/nested' })).json()).toEqual({ word: 'nested hello' });
    expect((await app.inject({ method: 'POST', url: '/greet' })).json()).toEqual({ posted: 'hello' });
    expect(app.printRoutes({ commonPrefix: false })).toContain('greet (GET, HEAD, POST)');
    await app.close();
  });

  it('swaps handlers, hooks, nested plugins and their caches on a reload', async () => {
    const { app, live } = await setUp();
    await app.inject({ url: '/greet?who=Li' });
    live.swap(await live.record([greetingRoutes('nihao') as never]));
    const res = await app.inject({ url: '/greet?who=Li' });
    expect(res.json()).toEqual({ text: 'nihao, Li', marker: 'set-up-once' });
    expect(res.headers['x-word']).toBe('nihao');
    expect((await app.inject({ url: '/nested' })).json()).toEqual({ word: 'nested nihao' });
    expect((await app.inject({ method: 'POST', url: '/greet' })).json()).toEqual({ posted: 'nihao' });
    expect((await app.inject({ url: '/fixed' })).body).toBe('fixed');
    await app.close();
  });

  it('refuses a version that declares other routes, and keeps serving the current one', async () => {
    const { app, live } = await setUp();
    await expect(live.record([greetingRoutes('bye', true) as never])).rejects.toThrow(/new 0\/route GET \/extra/);
    expect((await app.inject({ url: '/greet' })).json().text).toBe('hello, you');
    await app.close();
  });

  it('answers a request from the version chosen for it (a preview) and the rest from the current', async () => {
    let preview: LiveVersion | null = null;
    const { app, live } = await setUp((r) => (r.headers['x-preview'] ? preview : null));
    preview = await live.record([greetingRoutes('draft') as never], 'preview');
    const previewed = await app.inject({ url: '/greet', headers: { 'x-preview': '1' } });
    expect(previewed.json().text).toBe('draft, you');
    expect(previewed.headers['x-word']).toBe('draft');
    expect((await app.inject({ url: '/greet' })).json().text).toBe('hello, you');
    await app.close();
  });
});
