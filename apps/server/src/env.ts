import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');
const int = (d: number) => z.coerce.number().int().nonnegative().default(d);
/** A limit or lifetime: at least 1 (a zero would switch a guard off or refuse everything; issue #13 item 5). */
const positive = (d: number, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(1).max(max).default(d);
/** Outbound endpoints are https:, except http: on the loopback for local fakes in tests (issue #13 item 5). */
const endpoint = (d: string) =>
  z
    .string()
    .url()
    .refine((v) => {
      const u = new URL(v);
      return u.protocol === 'https:' || (u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname));
    }, 'must be an https: URL (http: only on the loopback)')
    .default(d);

/** `v` as a normalised http(s) origin (scheme, host, port; nothing else), or null (issue #27 item 7). */
export function originOf(v: string): string | null {
  if (!/^https?:\/\/[^/?#@]+\/?$/i.test(v)) return null;
  try {
    return new URL(v).origin;
  } catch {
    return null;
  }
}

/**
 * Environment, validated once at start-up (design §7, epic-stack env.server.ts). No other product file
 * of the server reads process.env (an eslint rule; tests and scripts set their own). Every variable has
 * a working default, so none is needed to start.
 */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /**
   * Where to listen. Unset: 127.0.0.1 while the console SMS provider is in use without
   * SMS_CONSOLE_ALLOWED (a developer's machine), else 0.0.0.0 (issue #27 item 12).
   */
  HOST: z.string().default(''),
  PORT: int(3000),
  /** Empty: embedded SQLite at SQLITE_PATH. postgres://… selects PostgreSQL. */
  DATABASE_URL: z.string().default(''),
  SQLITE_PATH: z.string().default('data/app.db'),
  REDIS_URL: z.string().default(''),
  /** Key prefix in Redis: instances of one deployment share it; separate deployments or test runs do not (issue #7 §6). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/)
    .default('moxa:'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Signs stored SMS-code hashes. Unset: a random key is made once and kept in the data folder
   * (secret-key.ts); every instance of one deployment must share the same key (issue #13 item 5).
   */
  SECRET_KEY: z.union([z.literal(''), z.string().min(32, 'must be at least 32 characters')]).default(''),
  /**
   * Behind a proxy: 'true' trusts every hop (only when the proxy overwrites X-Forwarded-For),
   * a number trusts that many hops, or a comma-separated list of proxy addresses/CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | number | string[] => {
      if (v === '' || v === 'false' || v === '0') return false;
      if (v === 'true') return true;
      if (/^[0-9]+$/.test(v)) return Number(v);
      return v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    }),
  /** Send HSTS (only behind TLS). */
  HSTS: bool,
  WEB_DIST: z.string().default('apps/web/dist'),
  CONTENT_DIR: z.string().default('content'),
  SMS_PROVIDER: z.enum(['console', 'aliyun', 'tencent']).default('console'),
  /** The console provider prints codes; a deployment-shaped configuration needs this set to use it (issue #13 item 5). */
  SMS_CONSOLE_ALLOWED: bool,
  /**
   * Dialling codes SMS may go to (design §6): the quick-access regions by default; `all` allows every
   * region of our country list. Non-geographic codes and regions outside the list are always refused.
   */
  SMS_ALLOWED_COUNTRIES: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^(all|[0-9]{1,4}(,[0-9]{1,4})*)$/, 'must be `all` or comma-separated dialling codes')
      .default('86,852,853,886,65'),
  ),
  SMS_CODE_TTL_SECONDS: positive(300, 600),
  SMS_COOLDOWN_SECONDS: positive(60, 3600),
  SMS_MAX_PER_NUMBER_HOUR: positive(5),
  SMS_MAX_PER_NUMBER_DAY: positive(10),
  /** Numbers sharing all but their last 4 digits: stops sequential-number floods (issue #13 item 3). */
  SMS_MAX_PER_PREFIX_HOUR: positive(10),
  SMS_MAX_PER_PREFIX_DAY: positive(30),
  SMS_MAX_PER_IP_HOUR: positive(20),
  SMS_MAX_PER_IP_DAY: positive(50),
  /** Destinations outside +86, per destination country and in total: much lower (SMS pumping, issue #13 item 3). */
  SMS_MAX_PER_COUNTRY_HOUR: positive(10),
  SMS_MAX_PER_COUNTRY_DAY: positive(30),
  SMS_MAX_FOREIGN_HOUR: positive(20),
  SMS_MAX_FOREIGN_DAY: positive(100),
  SMS_MAX_GLOBAL_DAY: positive(10000),
  LOGIN_MAX_PER_IP_HOUR: positive(60),
  /** Wrong codes per number per day, over all its codes (issue #13 item 9). */
  LOGIN_MAX_FAILS_PER_NUMBER_DAY: positive(10),
  /** Wrong codes per client (IPv6 by /64) per day: what stops a guesser (issue #27 item 1). */
  LOGIN_MAX_FAILS_PER_IP_DAY: positive(30),
  TOKEN_TTL_DAYS: positive(30, 365),
  /** Issue #13 item 6: a session unused this long ends (sliding), whatever its absolute expiry. */
  SESSION_IDLE_DAYS: positive(7, 90),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().default(''),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().default(''),
  ALIYUN_SMS_SIGN_NAME: z.string().default(''),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().default(''),
  /**
   * Issue #31: the gateway template of each notice, `case-new:SMS_1,case-overdue:SMS_2,case-reply:SMS_3,
   * course-reminder:SMS_4` (texts in sms/sms-provider.ts); a notice without a template fails visibly.
   */
  ALIYUN_SMS_NOTICE_TEMPLATES: z.string().default(''),
  ALIYUN_SMS_ENDPOINT: endpoint('https://dysmsapi.aliyuncs.com'),
  TENCENT_SMS_SECRET_ID: z.string().default(''),
  TENCENT_SMS_SECRET_KEY: z.string().default(''),
  TENCENT_SMS_APP_ID: z.string().default(''),
  TENCENT_SMS_SIGN_NAME: z.string().default(''),
  TENCENT_SMS_TEMPLATE_ID: z.string().default(''),
  /** Issue #31: as ALIYUN_SMS_NOTICE_TEMPLATES, with Tencent template ids. */
  TENCENT_SMS_NOTICE_TEMPLATES: z.string().default(''),
  TENCENT_SMS_REGION: z.string().default('ap-guangzhou'),
  TENCENT_SMS_ENDPOINT: endpoint('https://sms.tencentcloudapi.com'),
  WECHAT_APP_ID: z.string().default(''),
  WECHAT_APP_SECRET: z.string().default(''),
  WECHAT_API_BASE: endpoint('https://api.weixin.qq.com'),
  /** Where the app sends the browser to start WeChat OAuth (网页授权); a loopback fake in tests. */
  WECHAT_AUTHORIZE_BASE: endpoint('https://open.weixin.qq.com'),
  /** checkout.do per IP (IPv6 by /64) per hour: each one costs a call to WeChat (issue #13 item 11). */
  WECHAT_MAX_PER_IP_HOUR: positive(30),
  /** JS-SDK signatures per client (IPv6 by /64) per minute (issue #27 item 8). */
  WECHAT_JSSDK_MAX_PER_IP_MINUTE: positive(60),
  /**
   * The origin users open the app at, e.g. https://h5.example.com (issue #27 item 7): the only site
   * JS-SDK signatures are made for, and where WeChat OAuth returns; Host and X-Forwarded-Host are never
   * trusted for either. Empty: only a developer's server (HOST on the loopback, TRUST_PROXY off) uses
   * the request's own address; elsewhere WeChat login and share cards stay off (start-up refuses).
   */
  PUBLIC_ORIGIN: z
    .string()
    .default('')
    .refine((v) => v === '' || originOf(v) !== null, 'must be an origin such as https://h5.example.com (scheme and host, no path)')
    .transform((v) => (v === '' ? '' : originOf(v)!)),
  /**
   * Issue #31: WeChat template messages (advisors' notices, reply notices) and the subscribe message
   * of course reminders, `case-new:<template id>,case-overdue:…,case-reply:…,course-reminder:…`; a
   * notice without a template goes by SMS only.
   */
  WECHAT_NOTICE_TEMPLATES: z.string().default(''),
  /** Issue #31: the advisors' waiting-time target, in working hours (09:00–18:00 China time, Mon–Fri). */
  NOTIFY_WAIT_TARGET_HOURS: z.coerce.number().positive().max(200).default(4),
  /** Issue #31: how long a notice's provider call may take before another worker takes the notice over. */
  NOTIFY_SEND_TIMEOUT_SECONDS: positive(60, 3600),
  /** Issue #31: retries of a notice the provider refused (doubling from NOTIFY_RETRY_DELAY_SECONDS), then it fails visibly. */
  NOTIFY_RETRY_LIMIT: positive(5, 20),
  NOTIFY_RETRY_DELAY_SECONDS: positive(30, 3600),
  /** Issue #31: how often each instance plans due reminders and notices (seconds). */
  NOTIFY_PLAN_SECONDS: positive(30, 3600),
  /**
   * Issue #31: test deployments only — notices go out at any hour, so tests against a real server do
   * not depend on the time of day (quiet hours are tested with the controllable clock).
   */
  NOTIFY_IGNORE_QUIET_HOURS: bool,
  /** Issue #31: days a /c/<token> link into a case stays valid. */
  SHORT_LINK_DAYS: positive(7, 90),
  /** Constitution records one account may save per day (issue #13 item 11). */
  PHYSICAL_MAX_RECORDS_PER_DAY: positive(20),
  /** Issue #33 item 5: page-speed reports per client (IPv6 by /64) per hour, and from everyone per day. */
  VITALS_MAX_PER_IP_HOUR: positive(60),
  VITALS_MAX_PER_DAY: positive(50_000),
  /**
   * Who runs the service (issue #27 item 18), shown in 关于我们, the 隐私政策 and the 用户协议. Empty:
   * the pages say 未配置 rather than invent a name (the console issue makes them editable).
   */
  OPERATOR_NAME: z.string().trim().max(100).default(''),
  OPERATOR_ADDRESS: z.string().trim().max(200).default(''),
  OPERATOR_PHONE: z.string().trim().max(40).default(''),
  /** The ICP filing number (ICP备案号), e.g. 京ICP备12345678号-1. */
  ICP_NUMBER: z.string().trim().max(60).default(''),
  /**
   * Issue #30 (decision 041): uploaded media go to S3-compatible object storage when MEDIA_S3_BUCKET is
   * set (any S3 API: AWS, 阿里云 OSS, 腾讯云 COS, MinIO), otherwise into the database. Every instance
   * of a deployment must use the same setting.
   */
  MEDIA_S3_BUCKET: z.string().trim().default(''),
  /** Empty: AWS's own endpoint for the region; otherwise the provider's (https:, or http: on the loopback). */
  MEDIA_S3_ENDPOINT: z.union([z.literal(''), endpoint('')]).default(''),
  MEDIA_S3_REGION: z.string().trim().default('us-east-1'),
  MEDIA_S3_ACCESS_KEY_ID: z.string().default(''),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** Path-style URLs (bucket in the path), which MinIO and most self-hosted stores need. */
  MEDIA_S3_FORCE_PATH_STYLE: bool,
  /** Key prefix of the objects in the bucket. */
  MEDIA_S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_./-]{0,64}$/)
    .default('media/'),
  /** Serve the Swagger UI at /api/docs (the JSON at /api/docs/json is always there; issue #13 item 13). */
  API_DOCS_UI: bool,
  /** Graceful shutdown: how long in-flight requests may take before the process exits. */
  SHUTDOWN_TIMEOUT_MS: int(10000),
  /**
   * Slow clients (issue #27 item 9): the whole request, body included, must arrive within
   * REQUEST_TIMEOUT_MS (long enough for six photos over a slow mobile uplink), its headers within
   * HEADERS_TIMEOUT_MS; an idle keep-alive connection closes after KEEP_ALIVE_TIMEOUT_MS, any
   * connection without traffic after CONNECTION_TIMEOUT_MS; at most MAX_CONNECTIONS at once.
   */
  REQUEST_TIMEOUT_MS: positive(120_000, 3_600_000),
  HEADERS_TIMEOUT_MS: positive(20_000, 600_000),
  KEEP_ALIVE_TIMEOUT_MS: positive(72_000, 600_000),
  CONNECTION_TIMEOUT_MS: positive(120_000, 3_600_000),
  MAX_CONNECTIONS: positive(1000, 1_000_000),
});
export type Env = z.infer<typeof EnvSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env, overrides: Partial<Env> = {}): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = { ...parsed.data, ...overrides };
  if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
    throw new Error('Invalid environment:\n  HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS');
  }
  // Issue #27 item 12: the console provider prints login codes, so by default it listens on the loopback only.
  if (env.HOST === '') env.HOST = consoleUnconfirmed(env) ? '127.0.0.1' : '0.0.0.0';
  return env;
}

/** The console SMS provider without SMS_CONSOLE_ALLOWED: fit for one developer's machine only. */
const consoleUnconfirmed = (env: Env) => env.SMS_PROVIDER === 'console' && !env.SMS_CONSOLE_ALLOWED;

/** Listening on the loopback only: 127.0.0.0/8, ::1 or localhost. */
const isLoopbackHost = (host: string) => host === 'localhost' || host === '::1' || /^127(\.[0-9]{1,3}){3}$/.test(host);

/**
 * Issue #27 item 7: with PUBLIC_ORIGIN empty, a request's own Host may stand for this site's origin
 * only on a developer's machine: listening on the loopback, with no proxy trusted for X-Forwarded-Host.
 */
export const hostOriginAllowed = (env: Env) => isLoopbackHost(env.HOST) && env.TRUST_PROXY === false;

/** A deployment-shaped configuration (a shared database or a proxy in front) that is not safe (issue #13 item 5). */
const isDeploymentShaped = (env: Env) => env.DATABASE_URL !== '' || env.TRUST_PROXY !== false;

/** Refuses to serve with an unsafe deployment-shaped configuration (server.ts calls it before listening). */
export function assertDeployable(env: Env): void {
  const unsafe = deploymentProblem(env);
  if (unsafe) throw new Error(`Invalid environment:\n  ${unsafe}`);
}

function deploymentProblem(env: Env): string | null {
  // Issue #27 item 12: reachable from other machines (HOST not the loopback), the console provider
  // would hand anyone's login code to whoever reads the log.
  if (consoleUnconfirmed(env) && !isLoopbackHost(env.HOST)) {
    return `SMS_PROVIDER=console prints login codes to the log; HOST=${env.HOST} serves other machines: choose a real provider, listen on 127.0.0.1 (leave HOST unset), or set SMS_CONSOLE_ALLOWED=true for a test deployment`;
  }
  // Issue #27 item 7: without PUBLIC_ORIGIN only a developer's loopback server may take its origin from Host.
  if (env.WECHAT_APP_ID && env.WECHAT_APP_SECRET && env.PUBLIC_ORIGIN === '' && !hostOriginAllowed(env)) {
    return 'PUBLIC_ORIGIN: WeChat login and share cards need the address users open, e.g. https://h5.example.com (only a server on the loopback without TRUST_PROXY may leave it empty)';
  }
  if (!isDeploymentShaped(env)) return null;
  if (consoleUnconfirmed(env)) {
    return 'SMS_PROVIDER=console prints login codes to the log; with DATABASE_URL or TRUST_PROXY set, choose a real provider or set SMS_CONSOLE_ALLOWED=true';
  }
  if (env.DATABASE_URL !== '' && env.SECRET_KEY === '') {
    return 'SECRET_KEY: instances sharing DATABASE_URL must share one key; set a random value of at least 32 characters';
  }
  return null;
}
