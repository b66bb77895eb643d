import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where `npm run build` writes the console (apps/console), beside the H5's build (apps/web/dist). */
export const consoleDistFor = (webDist: string) => join(webDist, '..', '..', 'console', 'dist');

/**
 * The operator console at /console (issue #29): its own build, never part of the H5's pages or
 * budgets. Hashed files under /console/assets are immutable for a year (a missing one is a real
 * 404); every other GET under /console is the console's shell, revalidated each time (history
 * fallback for its client-side routes). Without a build, /console says how to make one.
 */
export async function registerConsoleStatic(app: FastifyInstance, distDir: string) {
  const root = resolve(distDir);
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ root }, 'console build not found; /console is not served (npm run build)');
    return;
  }
  await app.register(fastifyStatic, {
    root: join(root, 'assets'),
    prefix: '/console/assets/',
    decorateReply: false,
    index: false,
    redirect: false,
    etag: true,
    lastModified: true,
    dotfiles: 'deny',
    setHeaders(res) {
      void res.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  // Read per request (the OS caches it): a redeploy that swaps the build never serves a stale shell.
  const shell = () => readFileSync(indexPath);
  const sendShell = (_request: unknown, reply: import('fastify').FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(shell());
  // `/console/` is the wildcard's (and the same route as `/console` where trailing slashes are ignored).
  app.get('/console', { schema: { hide: true } }, sendShell);
  app.get('/console/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0]!;
    // A file name that is not in the build (an old chunk, a typo): a 404, not the shell.
    if (/\.[a-z0-9]{1,12}$/i.test(path)) return reply.callNotFound();
    return sendShell(request, reply);
  });
}
