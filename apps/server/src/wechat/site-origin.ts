import type { FastifyRequest } from 'fastify';
import { hostOriginAllowed, originOf, type Env } from '../env.ts';

/** This site's origin as a page or WeChat sees it, for one request. */
type SiteOrigin = (request: FastifyRequest) => string;

/**
 * Issue #27 item 7: the origin JS-SDK signatures are made for and WeChat OAuth returns to is
 * PUBLIC_ORIGIN, whatever Host or X-Forwarded-Host a request carries. Without it, a developer's
 * server (loopback HOST, no trusted proxy: only this machine can reach it) keeps the old behaviour
 * and takes the request's own address; anywhere else there is none (null), and WeChat stays off.
 */
export function siteOrigin(env: Env): SiteOrigin | null {
  const configured = env.PUBLIC_ORIGIN ? originOf(env.PUBLIC_ORIGIN) : null;
  if (configured) return () => configured;
  if (env.PUBLIC_ORIGIN === '' && hostOriginAllowed(env)) return (request) => `${request.protocol}://${request.host}`;
  return null;
}
