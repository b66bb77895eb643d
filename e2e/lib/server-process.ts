import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = new URL('../../', import.meta.url).pathname;

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

export type RunningServer = {
  url: string;
  port: number;
  logPath: string;
  proc: ChildProcess;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/**
 * Starts the production server the way `npm start` does (scripts/start.ts), on a fresh SQLite file
 * unless DATABASE_URL is given, with its stdout in a log file the tests can read (console SMS codes).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // A given PORT keeps the origin (and so the service worker) across two servers (e2e/deploy.test.ts).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'moxa-e2e-'));
  const logPath = join(dir, 'server.log');
  const log = createWriteStream(logPath);
  const proc = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SQLITE_PATH: join(dir, 'app.db'),
      LOG_LEVEL: 'info',
      SMS_CONSOLE_ALLOWED: 'true',
      SECRET_KEY: 'e2e-suite-secret-key-0123456789abcdef',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.pipe(log);
  proc.stderr!.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${readFileSync(logPath, 'utf8')}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${readFileSync(logPath, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    logPath,
    proc,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve(proc.exitCode);
        proc.once('exit', (code) => resolve(code));
        proc.kill(signal);
      }),
  };
}

/** The last code the console SMS provider printed for an E.164 number. */
export function readSmsCode(logPath: string, e164: string): string | null {
  const lines = readFileSync(logPath, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith(`[sms:console] to ${e164} code `));
  return lines.at(-1)?.split(' code ')[1]?.trim() ?? null;
}
