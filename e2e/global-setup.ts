import type { TestProject } from 'vitest/node';
import { findChromium } from './lib/browser-path.ts';
import { startServer, type RunningServer } from './lib/server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    logPath: string;
    chromium: string;
  }
}

let server: RunningServer | undefined;

/** One production server for the e2e run; a missing browser skips plainly (or fails on CI). */
export async function setup(project: TestProject) {
  const chromium = findChromium();
  if (!chromium) {
    const msg = 'E2E SKIPPED: no Chromium found (set CHROME_PATH, or `apt-get install -y chromium` for /usr/bin/chromium).';
    if (process.env.CI === 'true') throw new Error(`${msg} A browser is required when CI=true.`);
    process.stdout.write(`\n${msg}\n\n`);
  }
  // Two phones logging in to one account in a test need a second code without the minute's wait; every
  // browser of the suite sends from 127.0.0.1, so the per-address caps (unit-tested in sms-abuse) are
  // raised above the suite's own count of logins.
  // Issue #31: notices go out at any hour here (quiet hours are unit-tested with the controllable clock).
  server = await startServer({
    SMS_COOLDOWN_SECONDS: '2',
    SMS_MAX_PER_IP_HOUR: '200',
    SMS_MAX_PER_IP_DAY: '500',
    NOTIFY_IGNORE_QUIET_HOURS: 'true',
  });
  project.provide('baseUrl', server.url);
  project.provide('logPath', server.logPath);
  project.provide('chromium', chromium ?? '');
}

export async function teardown() {
  await server?.stop();
}
