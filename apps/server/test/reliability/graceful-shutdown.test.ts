import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFigure } from '../support/figures.ts';
import { loginThrough, sleep, startServer, type ServerProcess } from '../support/server-process.ts';
import { grantConsentsThrough } from '../support/consent-helpers.ts';

type Outcome = { status: number } | { error: string };

/** One GET; `agent: false` opens a fresh connection, a keep-alive agent reuses one. */
function get(url: string, agent: Agent | false): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      res.on('error', (e) => resolve({ error: `after headers: ${e.message}` }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    req.end();
  });
}

/** A POST whose body is held back: the request is in flight until `finish()` is called. */
function slowPost(url: string, token: string, body: string) {
  let req!: ClientRequest;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return { answer, finish: () => req.end(body.slice(half)) };
}

/** Connection-level refusals: the server no longer accepts (or never accepted) the connection. */
const REFUSED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'socket hang up']);

describe('graceful shutdown of the real server (issue #7 §4)', () => {
  let dir: string;
  let server: ServerProcess;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'moxa-shutdown-'));
    server = await startServer({ SQLITE_PATH: join(dir, 'app.db') });
  });
  afterAll(async () => {
    await server.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finishes in-flight requests, answers 200 or 503, exits 0 and leaves a sound database', async () => {
    const { token } = await loginThrough(server, server, '13800138001');
    await grantConsentsThrough(server.url, token, ['constitution']);
    const questions = (await (await fetch(`${server.url}/api/v8/physical/questions?gender=male`)).json()) as {
      data: { questions: { id: string }[] };
    };
    const sheet = JSON.stringify({ gender: 'male', answers: Object.fromEntries(questions.data.questions.map((q) => [q.id, 2])) });

    // Writes in flight across the signal: headers sent, half the body held back.
    const slow = Array.from({ length: 4 }, () => slowPost(`${server.url}/api/v8/physical/records`, token, sheet));
    // Reads in flight: fresh connections and keep-alive ones, until the server stops answering.
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 4 });
    const outcomes: Outcome[] = [];
    let flooding = true;
    const flood = Array.from({ length: 6 }, async (_, i) => {
      while (flooding) {
        const o = await get(`${server.url}/api/v8/acupoints/ST36`, i % 2 === 0 ? false : keepAlive);
        outcomes.push(o);
        if ('error' in o && o.error === 'ECONNREFUSED') return;
      }
    });

    await sleep(300);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await sleep(300);
    for (const s of slow) s.finish();
    const answers = await Promise.all(slow.map((s) => s.answer));
    const exit = await server.exited;
    const tookMs = Date.now() - signalled;
    flooding = false;
    await Promise.all(flood);
    keepAlive.destroy();

    const tally: Record<string, number> = {};
    for (const o of outcomes) {
      const key = 'status' in o ? String(o.status) : o.error;
      tally[key] = (tally[key] ?? 0) + 1;
    }
    recordFigure('graceful-shutdown', { exitCode: exit.code, exitMs: tookMs, writesInFlight: answers.length, reads: tally });

    expect(exit).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(10_000);
    // Every write that was in flight when the signal came completed.
    for (const a of answers) expect(a.status, a.body).toBe(200);
    // Every answered read is a 200 or a clean 503; everything else is a connection the server did not accept.
    const statuses = new Set(outcomes.flatMap((o) => ('status' in o ? [o.status] : [])));
    expect([...statuses].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(outcomes.filter((o) => 'error' in o && !REFUSED.has(o.error))).toEqual([]);
    expect(outcomes.filter((o) => 'status' in o && o.status === 200).length).toBeGreaterThan(10);
    // Server side: every request it accepted was answered (an incoming line for each completed one).
    const logs = server.lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { msg: string; reqId?: string });
    const incoming = new Set(logs.filter((l) => l.msg === 'incoming request').map((l) => l.reqId));
    const completed = new Set(logs.filter((l) => l.msg === 'request completed').map((l) => l.reqId));
    expect([...incoming].filter((id) => !completed.has(id))).toEqual([]);
    expect(logs.some((l) => l.msg === 'shutting down')).toBe(true);

    const db = new SQLite(join(dir, 'app.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.prepare('select count(*) as n from physical_records').get()).toEqual({ n: 4 });
    } finally {
      db.close();
    }
  });
});
