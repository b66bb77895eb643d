/**
 * The nginx sample of docs/operations.md, as an operator copies it, run in front of a local server:
 * the reliability test checks its body limits through it (plain HTTP), and `npm run bench` measures
 * the pages through it as phones meet them, over TLS and HTTP/2 (decision 052).
 */
import { spawn, spawnSync } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../e2e/lib/server-process.ts';

const ROOT = new URL('..', import.meta.url).pathname;

/** The sample's text, exactly as it stands in docs/operations.md. */
export const NGINX_SAMPLE = /### nginx[\s\S]*?```nginx\n([\s\S]*?)```/.exec(readFileSync(join(ROOT, 'docs/operations.md'), 'utf8'))![1]!;

export const hasNginx = (): boolean => spawnSync('nginx', ['-v']).status === 0;

const TEMP_DIRS = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];

/**
 * The sample with what only a real site has swapped for local stand-ins: one upstream (the server
 * under test), a loopback port instead of 443 (and no port-80 redirect), files under `dir`. With
 * `tls`, the sample's own `listen … ssl http2` stays, with a self-signed certificate; without, plain HTTP.
 */
export function runnableConfig(dir: string, appPort: number, port: number, tls?: { cert: string; key: string }): string {
  let site = NGINX_SAMPLE.replace(/(\n {4}server 127\.0\.0\.1:[0-9]+[^;]*;)+/, `\n    server 127.0.0.1:${appPort};`)
    .replace(/server \{\n {4}listen 80;[\s\S]*?\n\}\n/, '')
    .replace('/var/log/nginx/moxa.access.log', join(dir, 'access.log'));
  if (!site.includes('listen 443 ssl http2;')) throw new Error('the nginx sample no longer listens with `listen 443 ssl http2;`');
  site = tls
    ? site
        .replace('listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl http2;`)
        .replace(/ssl_certificate {5}[^;]*;/, `ssl_certificate     ${tls.cert};`)
        .replace(/ssl_certificate_key [^;]*;/, `ssl_certificate_key ${tls.key};`)
    : site.replace('listen 443 ssl http2;', `listen 127.0.0.1:${port};`).replace(/\n {4}(ssl_certificate|ssl_certificate_key)[^;]*;/g, '');
  const temp = TEMP_DIRS.map((k) => `    ${k}_temp_path ${join(dir, k)};`).join('\n');
  return `daemon off;\nmaster_process off;\npid ${join(dir, 'nginx.pid')};\nerror_log ${join(dir, 'error.log')};\nevents {}\nhttp {\n${temp}\n${site}\n}\n`;
}

export type NginxSample = { url: string; stop: () => void };

/** Starts the sample in front of `appUrl` and waits until it answers /api/health through it. */
export async function startNginxSample(appUrl: string, opts: { tls?: boolean } = {}): Promise<NginxSample> {
  const dir = mkdtempSync(join(tmpdir(), 'moxa-nginx-'));
  for (const k of TEMP_DIRS) mkdirSync(join(dir, k));
  let tls: { cert: string; key: string } | undefined;
  if (opts.tls) {
    tls = { cert: join(dir, 'moxa.pem'), key: join(dir, 'moxa.key') };
    const made = spawnSync('openssl', [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', tls.key, '-out', tls.cert],
    ]);
    if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  }
  const port = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), runnableConfig(dir, Number(new URL(appUrl).port), port, tls));
  const nginx = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const stop = () => {
    nginx.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; !(await healthy(`${url}/api/health`)); i++) {
    if (i > 100) {
      const log = readFileSync(join(dir, 'error.log'), 'utf8');
      stop();
      throw new Error(`nginx did not start: ${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, stop };
}

/** Whether `url` answers 200 through nginx (the test certificate is self-signed: not checked here). */
function healthy(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const get = url.startsWith('https:') ? httpsGet : httpGet;
    get(url, { rejectUnauthorized: false }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    }).on('error', () => resolve(false));
  });
}
