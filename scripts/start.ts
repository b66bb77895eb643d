/**
 * `npm start` (issue #2): builds the web app when its output is missing or older than its sources,
 * then starts the server (which migrates the database and loads content/).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'apps/web/dist/index.html');

function newest(dir: string): number {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = Math.max(newest(join(root, 'apps/web')), newest(join(root, 'packages/core/src')));
if (!existsSync(dist) || statSync(dist).mtimeMs < sources) {
  process.stdout.write('Building the web app…\n');
  // Always a production build, even when started from a test runner that sets NODE_ENV=test
  // (Vite would otherwise bundle React's development build).
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import('../apps/server/src/server.ts');
