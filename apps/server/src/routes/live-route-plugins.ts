import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Live route plugins (issue #29, decision 039): a route plugin built from the loaded content closes
 * over it (and over the cached bodies and ETags made from it). Fastify cannot replace a route once the
 * server is ready, so each such plugin is run against a proxy of its scope that records what it
 * declares — routes (method, url, options, handler), hooks, nested plugins — under stable keys:
 * - the first version registers the real routes and hooks (the same options and schemas, so the
 *   OpenAPI document is unchanged), each handler and hook a dispatcher to the function of that key
 *   in the version the request is served from;
 * - a reload runs the plugin factories again on the new content and only records (fresh closures,
 *   fresh caches), then swaps the current version in one assignment;
 * - a preview is a version of its own, chosen per request (see `servedBy`).
 * Plugins wrapped with fastify-plugin (e.g. @fastify/multipart) decorate the real scope once, with the
 * first version; everything a route plugin declares must not depend on content (only what its
 * handlers and hooks answer may).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers from the loaded content: it follows reloads and previews (live-route-plugins.ts). */
    live?: boolean;
  }
}

type Fn = (this: unknown, ...args: unknown[]) => unknown;
type Plugin = (instance: FastifyInstance, opts: Record<string, unknown>) => unknown;

/** One recorded version: every handler and hook by its key. */
export type LiveVersion = { readonly fns: ReadonlyMap<string, Fn>; readonly label: string };

const ROUTE_METHODS = ['get', 'head', 'post', 'put', 'delete', 'options', 'patch', 'all'] as const;
/** Hooks a route's options may carry: dispatched like the scope's own. */
const ROUTE_OPTION_HOOKS = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
  'onTimeout',
  'onRequestAbort',
] as const;
/** Hooks with no request: they belong to the first version only. */
const APPLICATION_HOOKS = new Set(['onReady', 'onListen', 'onClose', 'preClose', 'onRoute', 'onRegister']);
/** Scope changes a recording ignores: they were made once, by the first version. */
const SCOPE_SETUP = new Set([
  'decorate',
  'decorateRequest',
  'decorateReply',
  'addSchema',
  'addContentTypeParser',
  'removeContentTypeParser',
  'removeAllContentTypeParsers',
  'setErrorHandler',
  'setNotFoundHandler',
  'setSchemaErrorFormatter',
  'setValidatorCompiler',
  'setSerializerCompiler',
  'setReplySerializer',
  'withTypeProvider',
]);

const isAsync = (fn: Fn) => fn.constructor.name === 'AsyncFunction';
const skipsOverride = (plugin: unknown) => Boolean((plugin as Record<symbol, unknown>)[Symbol.for('skip-override')]);

type RouteArgs = { method: string | string[]; url: string; options: Record<string, unknown>; handler: Fn };

/** `app.get(url, handler)`, `app.get(url, options, handler)`, `app.get(url, { handler, ... })`. */
function routeArgs(method: string, args: unknown[]): RouteArgs {
  const [url, second, third] = args as [string, unknown, unknown];
  if (typeof second === 'function') return { method, url, options: {}, handler: second as Fn };
  const options = { ...(second as Record<string, unknown>) };
  const handler = (typeof third === 'function' ? third : options.handler) as Fn;
  delete options.handler;
  return { method, url, options, handler };
}

/** A recording in progress: what one run of the plugins declared. */
class Recording {
  readonly fns = new Map<string, Fn>();
  private readonly counts = new Map<string, number>();
  /** A key unique within the recording and the same in every run of the same code. */
  key(base: string): string {
    const n = this.counts.get(base) ?? 0;
    this.counts.set(base, n + 1);
    return n === 0 ? base : `${base}#${n}`;
  }
  add(key: string, fn: unknown): string {
    if (typeof fn !== 'function') throw new Error(`live routes: ${key} is not a function`);
    this.fns.set(key, fn as Fn);
    return key;
  }
}

export type LiveRoutes = ReturnType<typeof liveRoutes>;

/**
 * `servedBy(request)`: the version a request is answered from (a preview's, or null for the current).
 */
export function liveRoutes(servedBy: (request: FastifyRequest) => LiveVersion | null = () => null) {
  let current: LiveVersion | null = null;
  let generation = 0;

  const pick = (request: FastifyRequest | undefined, key: string): Fn => {
    const version = (request && servedBy(request)) || current!;
    const fn = version.fns.get(key) ?? current!.fns.get(key);
    if (!fn) throw new Error(`live routes: ${key} missing from version ${version.label}`);
    return fn;
  };
  const isRequest = (v: unknown): v is FastifyRequest =>
    typeof v === 'object' && v !== null && 'routeOptions' in v && 'raw' in v && 'headers' in v;

  /** A stand-in with the original's calling convention (async or with `done`), so Fastify treats it alike. */
  const dispatcher = (key: string, original: Fn): Fn => {
    if (isAsync(original))
      return async function (this: unknown, ...args: unknown[]) {
        return pick(isRequest(args[0]) ? args[0] : undefined, key).apply(this, args);
      };
    const d = function (this: unknown, ...args: unknown[]) {
      return pick(isRequest(args[0]) ? args[0] : undefined, key).apply(this, args);
    };
    // Fastify reads a hook's arity to tell `done` style from promise style.
    Object.defineProperty(d, 'length', { value: original.length });
    return d;
  };

  /**
   * The proxy a plugin sees. `real`: the encapsulated scope (null while only recording, then reads
   * go to `base`, the first version's scope of the same plugin).
   */
  function scope(real: FastifyInstance | null, base: FastifyInstance, path: string, rec: Recording): FastifyInstance {
    const declareRoute = (proxy: FastifyInstance, r: RouteArgs) => {
      const methods = ([] as string[]).concat(r.method).map((m) => m.toUpperCase());
      const routeKey = rec.key(`${path}route ${methods.join(',')} ${r.url}`);
      rec.add(routeKey, r.handler);
      const options = { ...r.options };
      for (const hook of ROUTE_OPTION_HOOKS) {
        const given = options[hook];
        if (given === undefined) continue;
        const list = ([] as Fn[]).concat(given as Fn | Fn[]);
        const keys = list.map((fn, i) => rec.add(`${routeKey} ${hook}#${i}`, fn));
        options[hook] = keys.map((k, i) => dispatcher(k, list[i]!));
      }
      // A content read carrying a gone preview token answers 410 (content-previews.ts): documented.
      const schema = options.schema as { errors?: readonly number[] } | undefined;
      if (schema && methods.includes('GET')) options.schema = { ...schema, errors: [...(schema.errors ?? []), 410] };
      const config = { ...(options.config as Record<string, unknown> | undefined), live: true };
      if (real) real.route({ ...options, config, method: methods, url: r.url, handler: dispatcher(routeKey, r.handler) } as never);
      return proxy;
    };
    let nested = 0;
    const proxy: FastifyInstance = new Proxy((real ?? base) as FastifyInstance, {
      get(target, prop, receiver) {
        if (typeof prop === 'string' && (ROUTE_METHODS as readonly string[]).includes(prop))
          return (...args: unknown[]) => declareRoute(receiver as FastifyInstance, routeArgs(prop, args));
        if (prop === 'route')
          return (o: RouteArgs & Record<string, unknown>) =>
            declareRoute(receiver as FastifyInstance, routeArgs(String(o.method), [o.url, o]));
        if (prop === 'addHook')
          return (name: string, fn: Fn) => {
            if (APPLICATION_HOOKS.has(name)) {
              if (real) real.addHook(name as never, fn as never);
              return receiver;
            }
            const key = rec.add(rec.key(`${path}hook ${name}`), fn);
            if (real) real.addHook(name as never, dispatcher(key, fn) as never);
            return receiver;
          };
        if (prop === 'register')
          return (plugin: Plugin | { default: Plugin }, opts: Record<string, unknown> = {}) => {
            const fn = (typeof plugin === 'function' ? plugin : plugin.default) as Plugin;
            // A fastify-plugin (multipart) sets up the scope itself: once, with the first version.
            if (skipsOverride(fn)) return real ? real.register(fn as never, opts as never) : Promise.resolve();
            const childPath = `${path}${nested++}/`;
            if (real)
              return real.register(
                (async (child: FastifyInstance, o: Record<string, unknown>) => fn(scope(child, child, childPath, rec), o)) as never,
                opts as never,
              );
            return Promise.resolve(fn(scope(null, base, childPath, rec), opts));
          };
        if (!real && typeof prop === 'string' && SCOPE_SETUP.has(prop)) return () => receiver;
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? (value as Fn).bind(target) : value;
      },
    });
    return proxy;
  }

  const bases: FastifyInstance[] = [];
  const first = new Recording();

  return {
    /**
     * The first version of one plugin, in registration order among the app's other plugins (so the
     * OpenAPI document lists paths as before): its real routes and hooks, in its own encapsulated scope.
     */
    async add(app: FastifyInstance, plugin: Plugin): Promise<void> {
      if (current) throw new Error('live routes: add after start');
      const i = bases.length;
      bases.push(app);
      await app.register(async (child: FastifyInstance, opts: Record<string, unknown>) => {
        bases[i] = child;
        await plugin(scope(child, child, `${i}/`, first), opts);
      });
    },
    /** Once every plugin is added: the first version is the current one. */
    start(): LiveVersion {
      current = { fns: first.fns, label: `v${generation++}` };
      return current;
    },
    /**
     * Records another version of the same plugins (a reload, a preview) without registering
     * anything. It must declare exactly the routes and hooks of the first: otherwise it throws and the
     * caller keeps what it serves.
     */
    async record(plugins: readonly Plugin[], label = `v${generation++}`): Promise<LiveVersion> {
      if (!current) throw new Error('live routes: record before register');
      const rec = new Recording();
      for (const [i, plugin] of plugins.entries()) await plugin(scope(null, bases[i]!, `${i}/`, rec), {});
      const missing = [...current.fns.keys()].filter((k) => !rec.fns.has(k));
      const extra = [...rec.fns.keys()].filter((k) => !current!.fns.has(k));
      if (missing.length || extra.length)
        throw new Error(
          `live routes: version ${label} declares other routes or hooks (missing ${missing.join('; ')}; new ${extra.join('; ')})`,
        );
      return { fns: rec.fns, label };
    },
    /** Serves `version` from the next request on. */
    swap(version: LiveVersion): void {
      current = version;
    },
    get current(): LiveVersion | null {
      return current;
    },
  };
}
