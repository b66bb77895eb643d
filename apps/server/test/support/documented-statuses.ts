import type { FastifyInstance } from 'fastify';

/** The error statuses each documented operation lists, by `METHOD /openapi/{path}`. */
export type StatusIndex = Map<string, Set<number>>;

type Doc = { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };

/** A Fastify route URL (`/api/v8/acupoints/:id`) as the OpenAPI document writes it (`{id}`). */
const openApiPath = (routeUrl: string) => routeUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

export function documentedStatuses(doc: Doc): StatusIndex {
  const index: StatusIndex = new Map();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      index.set(`${method.toUpperCase()} ${path}`, new Set(Object.keys(op.responses ?? {}).map(Number)));
    }
  }
  return index;
}

/**
 * What a request that matched no route may answer: 404 (no such path), 405 (a path under another
 * method), 400 (a malformed address), and what any request may meet before routing ends (413, 415, 503).
 */
const UNROUTED_STATUSES: ReadonlySet<number> = new Set([400, 404, 405, 413, 415, 503]);

/**
 * Why `status` for a request routed to `routeUrl` (undefined: no route) breaks the document, or null
 * (issue #27 item 14). Routes the document hides (media, the web app, the document itself) are not checked.
 */
export function undocumentedStatus(index: StatusIndex, method: string, routeUrl: string | undefined, status: number): string | null {
  if (status < 400) return null;
  if (routeUrl === undefined) return UNROUTED_STATUSES.has(status) ? null : `${method} (no route) answered ${status}`;
  const key = `${method === 'HEAD' ? 'GET' : method} ${openApiPath(routeUrl)}`;
  const documented = index.get(key);
  if (!documented || documented.has(status)) return null;
  return `${key} answered ${status}, which its OpenAPI operation does not list (${[...documented].join(', ')}): add ${status} to the route's schema.errors`;
}

/** The route the latest answer of each watched app came from (undefined: none), for the fuzz's messages. */
const lastRoute = new WeakMap<FastifyInstance, { route: string | undefined }>();
export const lastRouted = (app: FastifyInstance) => lastRoute.get(app)?.route;

/**
 * Test harness (issue #27 item 14): every answer an API test provokes must be a status its operation
 * documents. A violation is reported with console.error, which fails the test (scripts/test-setup.ts).
 */
export function watchDocumentedStatuses(app: FastifyInstance): void {
  let index: StatusIndex | null = null;
  app.addHook('onResponse', async (request, reply) => {
    lastRoute.set(app, { route: request.routeOptions.url });
    if (reply.statusCode < 400) return;
    index ??= documentedStatuses(app.swagger() as unknown as Doc);
    const problem = undocumentedStatus(index, request.method, request.routeOptions.url, reply.statusCode);
    if (problem) console.error(`undocumented status (issue #27 item 14): ${problem}`);
  });
}
