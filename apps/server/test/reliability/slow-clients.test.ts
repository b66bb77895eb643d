import { connect, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../support/test-app.ts';
import { privateSchema } from '../support/pg-schema.ts';
import { call, sleep, startServer, type ServerProcess } from '../support/server-process.ts';

/** Short bounds for the test; the defaults are in env.ts (REQUEST_TIMEOUT_MS and friends). */
const REQUEST_MS = 2000;
const HEADERS_MS = 1000;

/** A raw connection that records what the server sent and when it closed, in ms since it opened. */
function rawClient(url: string) {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  const socket: Socket = connect(Number(port), hostname);
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let open = true;
  void closed.then(() => (open = false));
  return {
    socket,
    connected,
    closed,
    isOpen: () => open,
    received: () => received,
    /** Writes one byte every `everyMs` until the connection closes or `limitMs` have passed. */
    async trickle(text: string, everyMs: number, limitMs: number) {
      for (const ch of text) {
        if (!open || Date.now() - started > limitMs) return;
        socket.write(ch);
        await sleep(everyMs);
      }
    },
  };
}

/**
 * Issue #27 item 9: a client that sends a POST body one byte a second (or its headers one byte at a
 * time) is cut off within the configured bound instead of holding its connection for minutes, and
 * connections beyond MAX_CONNECTIONS are refused; ordinary requests are not affected.
 */
describe.each(DIALECTS)('slow clients on %s (issue #27 item 9)', (dialect) => {
  let server: ServerProcess;
  let dir: string;
  let dropSchema: (() => Promise<void>) | undefined;
  let database: Record<string, string>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'moxa-slow-'));
    if (dialect === 'postgres') {
      const pg = await privateSchema(process.env.TEST_DATABASE_URL!);
      dropSchema = pg.drop;
      database = { DATABASE_URL: pg.url };
    } else database = { SQLITE_PATH: join(dir, 'app.db') };
    server = await startServer({ ...database, REQUEST_TIMEOUT_MS: String(REQUEST_MS), HEADERS_TIMEOUT_MS: String(HEADERS_MS) });
  });
  afterAll(async () => {
    await server?.dispose();
    await dropSchema?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('closes a connection whose POST body arrives one byte a second, within the request timeout', async () => {
    const client = rawClient(server.url);
    await client.connected;
    client.socket.write(
      `POST /api/v8/sendMsg HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n`,
    );
    // 400 bytes at one a second would take almost 7 minutes; stop trying after 3 bounds.
    void client.trickle('{"mobile":"13800138000"'.padEnd(400, ' '), 1000, 3 * REQUEST_MS);
    const closedAfter = await Promise.race([client.closed, sleep(3 * REQUEST_MS).then(() => Infinity)]);
    client.socket.destroy();
    // Within the bound plus Node's check interval (a quarter of the shorter bound) and some slack.
    expect(closedAfter).toBeGreaterThanOrEqual(REQUEST_MS - 300);
    expect(closedAfter).toBeLessThan(REQUEST_MS + HEADERS_MS / 4 + 1000);
    // What the client is told, when it still listens: 408 in the envelope.
    if (client.received()) expect(client.received()).toMatch(/^HTTP\/1\.1 408 [\s\S]*"msg":"请求超时，请重试"/);
  });

  it('closes a connection whose headers arrive one byte at a time, within the headers timeout', async () => {
    const client = rawClient(server.url);
    await client.connected;
    void client.trickle('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaa\r\n\r\n', 200, 3 * REQUEST_MS);
    const closedAfter = await Promise.race([client.closed, sleep(3 * REQUEST_MS).then(() => Infinity)]);
    client.socket.destroy();
    expect(closedAfter).toBeLessThan(HEADERS_MS + HEADERS_MS / 4 + 1000);
  });

  it('still answers ordinary requests', async () => {
    expect((await call(server.url, '/api/health')).status).toBe(200);
    const res = await call(server.url, '/api/v8/sendMsg', { body: { mobile: 'x' } });
    expect(res.status).toBe(400);
  });

  it('refuses connections beyond MAX_CONNECTIONS, and serves again once they close', async () => {
    const capped = await startServer({
      ...(dialect === 'sqlite' ? { SQLITE_PATH: join(dir, 'capped.db') } : database),
      MAX_CONNECTIONS: '3',
    });
    try {
      const held = [rawClient(capped.url), rawClient(capped.url), rawClient(capped.url)];
      await Promise.all(held.map((c) => c.connected));
      for (const c of held) c.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      await sleep(200);
      const extra = rawClient(capped.url);
      const closedAfter = await Promise.race([extra.closed, sleep(3000).then(() => Infinity)]);
      expect(closedAfter).toBeLessThan(1000);
      expect(extra.received()).toBe('');
      expect(held.every((c) => c.isOpen())).toBe(true);
      for (const c of held) c.socket.destroy();
      await Promise.all(held.map((c) => c.closed));
      await sleep(100);
      expect((await call(capped.url, '/api/health')).status).toBe(200);
    } finally {
      await capped.dispose();
    }
  });
});
