import { spawn, type ChildProcess } from 'node:child_process';
import { makeSalt, signRequest } from '@moxa/core/login/sign';
import { CONTENT_DIR } from './test-app.ts';

const ROOT = new URL('../../../../', import.meta.url).pathname;

/**
 * The real server as a child process (`node apps/server/src/server.ts`), for the tests that need
 * signals, crashes and several instances (issue #7 §4–6). Its environment is built from scratch, so
 * nothing of the test runner's leaks in.
 */
export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything written to stdout, line by line (JSON log lines and the console SMS lines). */
  lines: string[];
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The latest code the console SMS provider printed for an E.164 number, waiting for it if needed. */
  codeFor: (e164: string, after?: number) => Promise<string>;
  /** The first stdout line that matches, waiting for it (log lines may trail the banner). */
  waitForLine: (match: (line: string) => boolean, timeoutMs?: number) => Promise<string>;
  /** SIGKILL unless it already exited; for afterAll. */
  dispose: () => Promise<void>;
};

export async function startServer(env: Record<string, string>, timeoutMs = 20_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      WEB_DIST: '/nonexistent-web-dist',
      CONTENT_DIR,
      LOG_LEVEL: 'info',
      SMS_PROVIDER: 'console',
      // The suites read codes from the console log, also in deployment-shaped runs (PostgreSQL, proxy).
      SMS_CONSOLE_ALLOWED: 'true',
      SECRET_KEY: 'reliability-suite-secret-key-0123456789',
      // The suites log many users in with numbers of one block (issue #13 item 3's block cap).
      SMS_MAX_PER_PREFIX_HOUR: '10000',
      SMS_MAX_PER_PREFIX_DAY: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    // 'close', not 'exit': by then every byte the process wrote to stdout has been read.
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  let done = false;
  void exited.then(() => (done = true));

  const started = Date.now();
  let url = '';
  while (!url) {
    const banner = lines.map((l) => /is running at (http:\/\/[^/\s]+)\//.exec(l)).find(Boolean);
    if (banner) url = banner[1]!;
    else if (done || Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${lines.join('\n')}\n${err}`);
    } else await sleep(25);
  }

  return {
    url,
    child,
    lines,
    stderr: () => err,
    exited,
    async codeFor(e164, after = 0) {
      const pattern = new RegExp(`^\\[sms:console\\] to \\${e164} code ([0-9]{6})$`);
      for (let i = 0; i < 200; i++) {
        const hit = lines
          .slice(after)
          .map((l) => pattern.exec(l))
          .filter(Boolean)
          .at(-1);
        if (hit) return hit[1]!;
        await sleep(10);
      }
      throw new Error(`no code printed for ${e164}`);
    },
    async waitForLine(match, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const line = lines.find(match);
        if (line !== undefined) return line;
        if (Date.now() > until) throw new Error(`no such line in:\n${lines.join('\n')}`);
        await sleep(10);
      }
    },
    async dispose() {
      if (!done) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A correctly signed sendMsg body for the real clock (spec §7). */
export function signedBody(mobile: string, time = Date.now(), salt = makeSalt()) {
  return { mobile, from: 3, sign: signRequest(mobile, time, salt, 3), time, salt, versionCode: 75 };
}

/** JSON over fetch; returns the status and the parsed envelope. */
export async function call(
  base: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: { code: number; msg: string; data: never } }> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, json: (await res.json()) as { code: number; msg: string; data: never } };
}

/** sendMsg through `sender`, the printed code read from the sender's stdout, login through `verifier`. */
export async function loginThrough(
  sender: ServerProcess,
  verifier: ServerProcess,
  mobile: string,
  headers: Record<string, string> = {},
): Promise<{ token: string; userId: string }> {
  const mark = sender.lines.length;
  const sent = await call(sender.url, '/api/v8/sendMsg', { body: signedBody(mobile), headers });
  if (sent.status !== 200) throw new Error(`sendMsg ${sent.status} ${sent.json.msg}`);
  const code = await sender.codeFor(`+86${mobile}`, mark);
  const res = await call(verifier.url, `/api/v8/login?mobile=${mobile}&code=${code}&from=3&countryCode=86`, { headers });
  if (res.status !== 200) throw new Error(`login ${res.status} ${res.json.msg}`);
  const data = res.json.data as { token: string; user: { id: string } };
  return { token: data.token, userId: data.user.id };
}
