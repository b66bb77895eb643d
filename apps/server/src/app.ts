import { join } from 'node:path';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { ErrorCode } from '@moxa/core/http/envelope';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import { acupointCatalog } from './acupoints/acupoint-catalog.ts';
import { compiledContentStore, loadContentStore, type ContentStore } from './content/content-store.ts';
import { contentEvents, type ContentEvents } from './content/content-events.ts';
import { contentPreviews, registerPreviews, type ContentPreviews } from './content/content-previews.ts';
import { consoleServices } from './console/console-services.ts';
import { liveRoutes } from './routes/live-route-plugins.ts';
import type { Db } from './db/database.ts';
import type { Env } from './env.ts';
import { authenticateFirst, type AppContext } from './lib/context.ts';
import { databaseLimitStore, hashedKeys, redisLimitStore, type LimitStore } from './lib/limit-store.ts';
import { resolveSecretKey } from './lib/secret-key.ts';
import { sessionService } from './login/session-service.ts';
import { moxaSessionRepository } from './moxa/moxa-session-repository.ts';
import { consentRepository } from './consent/consent-repository.ts';
import { caseRepository } from './cases/case-repository.ts';
import { caseViews } from './cases/case-views.ts';
import { advisorProfileRepository } from './advisors/advisor-profile-repository.ts';
import { savedItemRepository } from './mine/saved-items.ts';
import { auditRepository } from './audit/audit-repository.ts';
import { vitalsRepository } from './vitals/vitals-repository.ts';
import { userRepository } from './users/user-repository.ts';
import { physicalRecordRepository } from './physical/physical-records.ts';
import { wechatRepository } from './wechat/wechat-repository.ts';
import { contentStatusRepository } from './content/content-status.ts';
import { databaseHealth } from './db/database-health.ts';
import { smsCodeService } from './login/sms-code-service.ts';
import { physicalContent } from './physical/physical-content.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { answerMethodNotAllowed, errorEnvelopeComponent, withErrorResponses } from './plugins/api-errors.ts';
import { loggerOptions } from './plugins/logging.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerMedia } from './plugins/media-static.ts';
import { consoleDistFor, registerConsoleStatic } from './plugins/console-static.ts';
import { registerWebStatic } from './plugins/web-static.ts';
import { shareDefaults, shareHeadTags } from './brand/share-head.ts';
import { siteOrigin } from './wechat/site-origin.ts';
import { APP_VERSION } from './routes/misc-routes.ts';
import { ROUTE_REGISTRY, type RouteDeps } from './routes/route-registry.ts';
import { searchMisses } from './search/search-misses.ts';
import { viewCounter } from './videos/view-counter.ts';
import { consoleBehindProxyGuard } from './sms/console-guard.ts';
import { selectSmsProvider } from './sms/select-provider.ts';
import type { SmsProvider } from './sms/sms-provider.ts';
import { wechatApi, type WechatApi } from './wechat/wechat-api.ts';
import { courseRepository } from './courses/course-repository.ts';
import { notifier, type Notifier } from './notifications/notifier.ts';
import { selectObjectStore } from './media/uploads/object-store.ts';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};

/**
 * Node's HTTP parser refuses some requests itself — an oversized URL or header block, a malformed
 * request line — and would answer with a bare status line. They get the JSON envelope like every
 * other answer (issue #13 item 15, design §4).
 */
function answerClientError(error: Error & { code?: string }, socket: import('node:stream').Duplex) {
  if (!socket.writable) return void socket.destroy();
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
          ? 413
          : 400;
  const msg =
    status === 431 ? '请求地址或请求头过长' : status === 408 ? '请求超时，请重试' : status === 413 ? '请求内容过大' : '请求格式不正确';
  const code = status === 400 ? ErrorCode.badInput : status * 100;
  const body = JSON.stringify({ code, msg, data: null });
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** TRUST_PROXY=N: trust the nearest N proxies, so a client cannot fake its address in X-Forwarded-For. */
const trustHops = (n: number) => (_address: string, hop: number) => hop < n;

export type BuildOptions = {
  env: Env;
  db: Db;
  sms?: SmsProvider;
  wechat?: WechatApi | null;
  limits?: LimitStore;
  clock?: () => number;
  logStream?: NodeJS.WritableStream;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** The built media files (default: the web build's media/ folder). */
  mediaDir?: string;
};

/** Registers plugins (security, compression, docs) then routes (design §7, fastify/demo). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { env, db } = opts;
  const clock = opts.clock ?? Date.now;
  const app = Fastify({
    logger: loggerOptions(env, opts.logStream),
    trustProxy: typeof env.TRUST_PROXY === 'number' ? trustHops(env.TRUST_PROXY) : env.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // Our own 503 (below) answers during shutdown, in the envelope with a Chinese message.
    return503OnClosing: false,
    // A malformed URL (e.g. a broken %-escape) fails before routing; it gets the envelope too (issue #7 §1).
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply).status(400).send({ code: ErrorCode.badInput, msg: '请求地址不正确', data: null });
    },
    routerOptions: { ignoreTrailingSlash: true },
    // Requests Node refuses before they reach Fastify still get the envelope (issue #13 item 15).
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  // JSON only: other bodies get 415 with a Chinese message (design §4).
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Graceful shutdown (issue #7): once closing starts, requests still arriving on open connections
  // get a clean 503 in the envelope; requests already accepted finish normally.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  let warnedForwarded = false;
  const smsGuard = consoleBehindProxyGuard(opts.sms ?? selectSmsProvider(env), env);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('X-Request-Id', request.id);
    if (smsGuard.check(request)) {
      request.log.error(
        'SMS_PROVIDER=console behind a proxy: login codes are no longer printed and sending them fails; configure a real SMS provider (or SMS_CONSOLE_ALLOWED=true for a test deployment)',
      );
    }
    // Behind a proxy with TRUST_PROXY off, every client shares the proxy's address and its limits
    // (issue #13 item 14): say so once.
    if (!warnedForwarded && env.TRUST_PROXY === false && request.headers['x-forwarded-for'] !== undefined) {
      warnedForwarded = true;
      request.log.warn(
        'requests carry X-Forwarded-For but TRUST_PROXY is off: limits see the proxy, not the client; set TRUST_PROXY to the number of proxies in front (docs/operations.md)',
      );
    }
    if (closing) {
      return reply
        .status(503)
        .header('Connection', 'close')
        .header('Retry-After', '5')
        .send({ code: ErrorCode.unavailable, msg: '服务正在重启，请稍后重试', data: null });
    }
  });

  // Issue #27 item 3: keys are kept as keyed hashes, never with a phone number in them.
  const limits = hashedKeys(
    opts.limits ??
      (env.REDIS_URL
        ? redisLimitStore(env.REDIS_URL, env.REDIS_PREFIX, (err) => app.log.warn({ err: err.message }, 'redis error'))
        : databaseLimitStore(db, clock)),
    resolveSecretKey(env),
  );
  const objectStore = selectObjectStore(db, env);
  const ctx: AppContext = {
    env,
    db,
    limits,
    clock,
    sessions: sessionService(db, { ttlDays: env.TOKEN_TTL_DAYS, idleDays: env.SESSION_IDLE_DAYS }, clock),
    objectStore,
    // A failed erasure in the bucket does not undo the deleted account: logged for a retry by hand.
    users: userRepository(db, clock, {
      remove: (keys) =>
        objectStore.remove(keys).catch((err: unknown) => app.log.error({ err, keys }, 'deleted media not erased from storage')),
    }),
    cases: caseRepository(db, clock),
    physicalRecords: physicalRecordRepository(db, clock),
    moxaSessions: moxaSessionRepository(db, clock),
    consents: consentRepository(db, clock),
    audit: auditRepository(db, clock),
    savedItems: savedItemRepository(db, clock),
    wechatBindings: wechatRepository(db, clock),
    contentStatus: contentStatusRepository(db),
    searchMisses: searchMisses(db, clock),
    dbHealth: databaseHealth(db),
    smsCodes: smsCodeService(db, resolveSecretKey(env), env.SMS_CODE_TTL_SECONDS, clock),
    sms: smsGuard.provider,
    wechat:
      opts.wechat !== undefined
        ? opts.wechat
        : env.WECHAT_APP_ID && env.WECHAT_APP_SECRET
          ? wechatApi({ appId: env.WECHAT_APP_ID, appSecret: env.WECHAT_APP_SECRET, baseUrl: env.WECHAT_API_BASE }, fetch, clock)
          : null,
    courses: courseRepository(db, clock),
    advisorProfiles: advisorProfileRepository(db, clock),
    // Set just below, once the SMS provider and WeChat client above exist.
    notifier: null as unknown as Notifier,
    // Set with the routes below (issue #29).
    contentEvents: null as unknown as ContentEvents,
    previews: null as unknown as ContentPreviews,
  };
  // Issue #31: notices and course reminders (workers start in server.ts, or in the tests that need them).
  ctx.notifier = notifier({ db, env, clock, sms: ctx.sms, wechat: ctx.wechat, courses: ctx.courses, log: app.log });
  app.addHook('onClose', async () => ctx.notifier.stop());
  app.decorate('ctx', ctx);
  // Issue #27 item 11: the session of a route declaring bearer security is checked before its body.
  authenticateFirst(app);
  if (!opts.limits) app.addHook('onClose', async () => limits.close());

  registerErrorHandler(app);
  await registerSecurity(app, env.HSTS, ctx.wechat !== null);
  await app.register(etag);
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: '艾灸养生 H5 API',
        version: APP_VERSION,
        description:
          'Every answer is the envelope {code, msg, data}; code 0 is success, otherwise msg is a Chinese message fit to show. Each operation lists the error statuses it can answer; a method a path does not support answers 405 with Allow. Query parameters an operation does not declare are ignored, on every operation (issue #27 item 14).',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    // Issue #27 item 14: each operation documents its error statuses, all with one error envelope.
    transform: withErrorResponses(jsonSchemaTransform),
    transformObject: errorEnvelopeComponent,
  });
  // The JSON document is always there (the hostile-input suite reads it); the browsable UI only when
  // a deployment asks for it (issue #13 item 13).
  if (env.API_DOCS_UI) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  else app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());

  // Issue #29 (decision 039): the content-dependent route plugins are live — rebuilt from the new
  // content on a reload (a publish on any instance) and per preview, behind the same real routes.
  const videoViews = viewCounter(db, limits, resolveSecretKey(env), clock);
  const vitals = vitalsRepository(db, clock);
  const depsFor = (content: ContentStore): RouteDeps => {
    const catalog = acupointCatalog(content);
    return {
      ctx,
      content,
      catalog,
      physical: physicalContent(content),
      views: caseViews(ctx.cases, content, catalog, clock, ctx.advisorProfiles),
      videoViews,
      vitals,
    };
  };
  const livePlugins = (deps: RouteDeps) => ROUTE_REGISTRY.filter((e) => e.live).map((e) => e.plugin(deps));
  ctx.previews = contentPreviews({
    build: (compiled) => live.record(livePlugins(depsFor(compiledContentStore(compiled))), 'preview'),
    clock,
    log: app.log,
    // Decision 045: a token made on another instance, found in the database and compiled again here.
    recover: (token) => consoleServices(ctx).workflow.recoverPreview(token),
  });
  const live = liveRoutes(registerPreviews(app, () => ctx.previews));
  let served = await loadContentStore(db);
  const deps = depsFor(served);
  // Issue #28 item 3: every route module is listed once, in routes/route-registry.ts.
  for (const entry of ROUTE_REGISTRY) {
    if (entry.live) await live.add(app, entry.plugin(deps) as never);
    else await app.register(entry.plugin(deps));
  }
  live.start();
  ctx.contentEvents = contentEvents({ db, env, log: app.log });
  ctx.contentEvents.onChange(
    async (hash) => {
      const content = await loadContentStore(db);
      // Recorded in full before the swap: a failure leaves the old content, answers and ETags served.
      live.swap(await live.record(livePlugins(depsFor(content))));
      served = content;
      app.log.info({ hash: content.hash, announced: hash }, 'content reloaded');
    },
    () => served.hash,
  );
  app.addHook('onClose', async () => ctx.contentEvents.stop());
  await registerMedia(app, opts.mediaDir ?? join(env.WEB_DIST, 'media'));

  if (opts.serveWeb !== false) await registerConsoleStatic(app, consoleDistFor(env.WEB_DIST));
  // Issue #30: every page carries the brand's share-card defaults, from the content served now.
  const origin = siteOrigin(env);
  const web =
    opts.serveWeb === false
      ? null
      : await registerWebStatic(app, env.WEB_DIST, {
          headTags: (request) => shareHeadTags(shareDefaults(served), origin?.(request) ?? null),
        });
  // Unknown API paths get the JSON 404; other navigations get the SPA (history fallback).
  app.setNotFoundHandler((request, reply) => {
    if (web?.sendPage(request, reply)) return reply;
    // An API path that exists under other methods: 405 with Allow (issue #27 item 14).
    if (answerMethodNotAllowed(app, request, reply)) return reply;
    return reply.status(404).send({ code: ErrorCode.notFound, msg: '请求的接口不存在', data: null });
  });
  return app;
}
