/**
 * `npm start` (issue #2): builds the web app when its output is missing, older than its sources, or
 * made from other content (issue #14 §10), then starts the server (which migrates the database and
 * loads content/).
 */
import { spawnSync } from 'node:child_process';
import { buildIsStale } from './build-state.ts';

const root = new URL('..', import.meta.url).pathname;

const stale = buildIsStale(root);
if (stale) {
  process.stdout.write(`Building the web app (${stale})…\n`);
  // Always a production build, even when started from a test runner that sets NODE_ENV=test
  // (Vite would otherwise bundle React's development build).
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import('../apps/server/src/server.ts');
