import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { cacheBody, LruCache, sendCached } from './cached-body.ts';

describe('cached JSON bodies (issue #6)', () => {
  const body = cacheBody({ code: 0, msg: 'ok', data: { name: '足三里', list: Array.from({ length: 200 }, (_, i) => i) } });
  const app = Fastify();
  app.get('/x', (request, reply) => sendCached(request, reply, body, 'public, max-age=60'));

  it('answers brotli, gzip or plain JSON as the client accepts, with one ETag', async () => {
    const br = await app.inject({ url: '/x', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).data.name).toBe('足三里');
    const gz = await app.inject({ url: '/x', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).data.list).toHaveLength(200);
    const plain = await app.inject({ url: '/x' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data.name).toBe('足三里');
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(1);
    expect(plain.headers.vary).toBe('Accept-Encoding');
  });

  it('compresses only on demand, once per encoding, and fast for typed queries (issue #13 item 11)', async () => {
    const lazy = cacheBody({ q: 'zsl', list: Array.from({ length: 500 }, (_, i) => `穴位${i}`) }, 'fast');
    expect(lazy.encoded.size).toBe(0);
    const one = Fastify();
    one.get('/y', (request, reply) => sendCached(request, reply, lazy, 'no-cache'));
    await one.inject({ url: '/y' });
    expect(lazy.encoded.size).toBe(0);
    const first = await one.inject({ url: '/y', headers: { 'accept-encoding': 'br' } });
    expect([...lazy.encoded.keys()]).toEqual(['br']);
    const made = lazy.encoded.get('br');
    const again = await one.inject({ url: '/y', headers: { 'accept-encoding': 'br' } });
    expect(lazy.encoded.get('br')).toBe(made);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(first.rawPayload).toString()).list).toHaveLength(500);
  });

  it('answers 304 when the ETag matches', async () => {
    const res = await app.inject({ url: '/x', headers: { 'if-none-match': body.etag } });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
  });

  it('keeps at most N entries, forgetting the least recently used', () => {
    const lru = new LruCache<number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.size).toBe(2);
  });
});
