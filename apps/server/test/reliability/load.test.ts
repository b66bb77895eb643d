import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../support/test-app.ts';
import { recordFigure } from '../support/figures.ts';
import { runLoad, type RouteLoad } from '../support/load.ts';

/**
 * Issue #7 §3: a real listening server on loopback under bounded load. Asserts correctness only (no
 * connection errors, no 5xx, 429 under abuse), never timings: those go to docs/reliability.md.
 */
const LOGIN_CAP = 10;

describe.each(DIALECTS)('load on loopback, %s (issue #7 §3)', (dialect) => {
  let t: TestApp;
  let results: RouteLoad[];
  beforeAll(async () => {
    // The real clock: sendMsg signatures carry Date.now(). Logs at warn, so 10k lines do not pile up in memory.
    // A low login cap, so abuse reaches 429 within the first second even on a slow machine.
    t = await createTestApp(dialect, { LOG_LEVEL: 'warn', LOGIN_MAX_PER_IP_HOUR: LOGIN_CAP }, { clock: Date.now });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    results = await runLoad({ url: `http://127.0.0.1:${port}`, seconds: 1, connections: 10 });
    recordFigure('load', { dialect, seconds: 1, connections: 10, results });
  }, 60_000);
  afterAll(async () => t.close());
  const route = (name: string) => results.find((r) => r.name.startsWith(name))!;

  it('answers every request on every route, without a connection error or a 5xx', () => {
    for (const r of results) {
      expect(r.requests, r.name).toBeGreaterThan(0);
      expect(r.errors, r.name).toBe(0);
      expect(
        Object.keys(r.non2xx).filter((s) => s.startsWith('5')),
        r.name,
      ).toEqual([]);
    }
  });

  it('serves the read routes with 200 only', () => {
    for (const name of ['acupoint list', 'acupoint detail', 'acupoint search', 'meridian detail', 'questionnaire']) {
      expect(route(name).non2xx, name).toEqual({});
    }
  });

  it('answers sendMsg and login abuse with 429', () => {
    const send = route('sendMsg');
    expect(Object.keys(send.non2xx)).toEqual(['429']);
    expect(send.non2xx['429']).toBeGreaterThanOrEqual(send.requests - 1);
    const login = route('login');
    expect(Object.keys(login.non2xx).sort()).toEqual(['400', '429']);
    expect(login.non2xx['400']).toBe(LOGIN_CAP);
  });
});
