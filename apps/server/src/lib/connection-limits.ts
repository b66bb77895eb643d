import type { Server } from 'node:http';
import type { Env } from '../env.ts';

type Limits = Pick<
  Env,
  'REQUEST_TIMEOUT_MS' | 'HEADERS_TIMEOUT_MS' | 'KEEP_ALIVE_TIMEOUT_MS' | 'CONNECTION_TIMEOUT_MS' | 'MAX_CONNECTIONS'
>;

/**
 * Issue #27 item 9: bounds for slow and idle clients, set on the HTTP server before it listens.
 * Fastify leaves Node's request timeout off, so a body sent one byte every few seconds kept its
 * connection (and the handler waiting for it) open for as long as the client liked.
 *
 * Node checks the header and request deadlines on a timer (every 30 s by default); it runs at a
 * quarter of the shorter bound here, so a deadline is enforced within 25 % of its value.
 */
export function applyConnectionLimits(server: Server, env: Limits): void {
  server.requestTimeout = env.REQUEST_TIMEOUT_MS;
  server.headersTimeout = env.HEADERS_TIMEOUT_MS;
  server.keepAliveTimeout = env.KEEP_ALIVE_TIMEOUT_MS;
  // No traffic either way for this long: the socket is destroyed (no 'timeout' listener is set).
  server.setTimeout(env.CONNECTION_TIMEOUT_MS);
  // Connections beyond the cap are closed as they arrive.
  server.maxConnections = env.MAX_CONNECTIONS;
  const every = Math.min(30_000, Math.max(50, Math.floor(Math.min(env.REQUEST_TIMEOUT_MS, env.HEADERS_TIMEOUT_MS) / 4)));
  // Read by Node when the server starts listening (http.ServerOptions.connectionsCheckingInterval).
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = every;
}
