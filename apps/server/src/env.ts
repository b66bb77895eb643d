import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');
const int = (d: number) => z.coerce.number().int().nonnegative().default(d);

/**
 * Environment, validated once at start-up (design §7, epic-stack env.server.ts). Nothing else reads
 * process.env. Every variable has a working default, so none is needed to start.
 */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
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
  /** Signs SMS-code hashes; set a long random value in production with more than one instance. */
  SECRET_KEY: z.string().min(16).default('dev-only-secret-key-change-me'),
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
  /** Comma-separated dialling codes allowed for SMS; empty allows all. */
  SMS_ALLOWED_COUNTRIES: z.string().default(''),
  SMS_CODE_TTL_SECONDS: int(300),
  SMS_COOLDOWN_SECONDS: int(60),
  SMS_MAX_PER_NUMBER_HOUR: int(5),
  SMS_MAX_PER_NUMBER_DAY: int(10),
  SMS_MAX_PER_IP_HOUR: int(20),
  SMS_MAX_PER_IP_DAY: int(50),
  SMS_MAX_GLOBAL_DAY: int(10000),
  LOGIN_MAX_PER_IP_HOUR: int(60),
  TOKEN_TTL_DAYS: int(30),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().default(''),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().default(''),
  ALIYUN_SMS_SIGN_NAME: z.string().default(''),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().default(''),
  ALIYUN_SMS_ENDPOINT: z.string().default('https://dysmsapi.aliyuncs.com'),
  TENCENT_SMS_SECRET_ID: z.string().default(''),
  TENCENT_SMS_SECRET_KEY: z.string().default(''),
  TENCENT_SMS_APP_ID: z.string().default(''),
  TENCENT_SMS_SIGN_NAME: z.string().default(''),
  TENCENT_SMS_TEMPLATE_ID: z.string().default(''),
  TENCENT_SMS_REGION: z.string().default('ap-guangzhou'),
  TENCENT_SMS_ENDPOINT: z.string().default('https://sms.tencentcloudapi.com'),
  WECHAT_APP_ID: z.string().default(''),
  WECHAT_APP_SECRET: z.string().default(''),
  WECHAT_API_BASE: z.string().default('https://api.weixin.qq.com'),
  /** Graceful shutdown: how long in-flight requests may take before the process exits. */
  SHUTDOWN_TIMEOUT_MS: int(10000),
});
export type Env = z.infer<typeof EnvSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env, overrides: Partial<Env> = {}): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  return { ...parsed.data, ...overrides };
}
