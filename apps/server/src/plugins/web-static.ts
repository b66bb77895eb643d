import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routePreloads, withHeadTags } from './route-preload.ts';
import { PREVIEW_NAVIGATION } from './security.ts';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const API_PREFIXES = ['/api/', '/aysdmp/', '/media/'];

/**
 * Serves the built SPA: hashed files under /assets immutable, everything else revalidated;
 * precompressed .br/.gz when present; history fallback to index.html (or a prerendered page) for
 * every non-API GET that accepts HTML.
 */
export async function registerWebStatic(
  app: FastifyInstance,
  distDir: string,
  opts: {
    /** Tags every page's <head> carries, read per request (issue #30: the brand's share-card defaults, live content). */
    headTags?: (request: FastifyRequest) => string;
  } = {},
) {
  const root = resolve(distDir);
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ root }, 'web build not found; only the API is served');
    return null;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    preCompressed: true,
    index: false,
    redirect: false,
    etag: true,
    lastModified: true,
    // No .git, .env or other dotfile is ever served, even if one lands in the build (issue #13 item 13).
    dotfiles: 'deny',
    setHeaders(res, path) {
      if (path.includes(`${root}/assets/`)) void res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else void res.header('Cache-Control', 'no-cache');
    },
  });

  // Prerendered entry pages (issue #6): dist/<route>/index.html answers <route>.
  const pages = new Map<string, string>();
  const scan = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir)) {
      const full = join(dir, entry);
      if (entry === 'assets' || !statSync(full).isDirectory()) continue;
      const page = join(full, 'index.html');
      if (existsSync(page)) pages.set(`${prefix}/${entry}`, page);
      scan(full, `${prefix}/${entry}`);
    }
  };
  scan(root, '');
  // Read per request (the OS caches it): a redeploy that swaps dist/ never serves a stale shell.
  const read = (file: string) => readFileSync(file);
  // Issue #33 item 1: the shell names what the route's first screen needs (route-preload.ts). The
  // reads are made as a client without a login would make them, logged under the navigation's id.
  const headTags = routePreloads({
    manifestPath: join(root, '.vite', 'manifest.json'),
    // Written by the web build (apps/web/build/screens.ts ROUTE_MODULES_FILE).
    routesPath: join(root, '.vite', 'routes.json'),
    read: async (path, requestId) => {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (requestId) headers['x-request-id'] = requestId;
      const res = await app.inject({ method: 'GET', url: path, headers });
      return { status: res.statusCode, cacheControl: String(res.headers['cache-control'] ?? ''), body: res.body };
    },
  });

  // A prerendered page with the per-request tags: its build-time .br/.gz no longer match, so the page
  // is compressed again off the event loop, once per page and set of tags (they change with a publish).
  const withTags = new Map<string, { key: string; html: Buffer; br?: Promise<Buffer>; gz?: Promise<Buffer> }>();
  const taggedPage = (file: string, tags: string) => {
    const key = `${statSync(file).mtimeMs}\0${tags}`;
    let page = withTags.get(file);
    if (page?.key !== key) {
      page = { key, html: Buffer.from(withHeadTags(read(file).toString('utf8'), tags)) };
      withTags.set(file, page);
    }
    return page;
  };

  return {
    /** Answers HTML navigations; returns false when the request is not one. */
    sendPage(request: FastifyRequest, reply: FastifyReply): boolean {
      const path = request.url.split('?')[0] ?? '/';
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      if (API_PREFIXES.some((p) => path.startsWith(p)) || path === '/api') return false;
      // A missing file (e.g. an old chunk after a redeploy) is a real 404, never the HTML shell.
      if (path.startsWith('/assets/') || /\.[a-z0-9]{1,12}$/i.test(path)) return false;
      const file = pages.get(path.replace(/\/$/, '')) ?? (path === '/' && pages.has('/index') ? pages.get('/index')! : indexPath);
      void reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
      // The shell of a page that is not prerendered: with its route's preloads, compressed as it goes out.
      const own = opts.headTags?.(request) ?? '';
      if (file === indexPath) {
        const html = withHeadTags(read(file).toString('utf8'), own);
        headTags(path, request.id, PREVIEW_NAVIGATION.test(request.url)).then(
          (tags) => void reply.send(withHeadTags(html, tags)),
          (err: unknown) => {
            request.log.warn({ err }, 'route preloads failed; the plain shell is served');
            void reply.send(html);
          },
        );
        return true;
      }
      const accepts = String(request.headers['accept-encoding'] ?? '');
      if (own) {
        const page = taggedPage(file, own);
        const [enc, body] = accepts.includes('br')
          ? (['br', (page.br ??= brotli(page.html))] as const)
          : accepts.includes('gzip')
            ? (['gzip', (page.gz ??= gzipped(page.html, { level: 9 }))] as const)
            : [null, Promise.resolve(page.html)];
        body.then(
          (bytes) => void (enc ? reply.header('Content-Encoding', enc) : reply).send(bytes),
          (err: unknown) => {
            request.log.warn({ err }, 'page compression failed; sent as is');
            page.br = page.gz = undefined;
            void reply.send(page.html);
          },
        );
        return true;
      }
      // Precompressed pages (written at build time) go out as they are.
      for (const [enc, ext] of [
        ['br', '.br'],
        ['gzip', '.gz'],
      ] as const) {
        if (accepts.includes(enc) && existsSync(file + ext))
          return (void reply.header('Content-Encoding', enc).send(read(file + ext)), true);
      }
      void reply.send(read(file));
      return true;
    },
  };
}
