import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import { AFTER_PAINT_BOOT_SCRIPT } from '@moxa/core/ui/after-paint-boot';
import { ELDER_BOOT_SCRIPT } from '@moxa/core/ui/elder-mode';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers (design §6, issue #7): a CSP the app really runs under, nosniff, frame-ancestors,
 * referrer policy, and HSTS only when the deployment says it is behind TLS.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer carries a secret (a code, a token): never cached, even when refused (issue #13 item 13). */
    noStore?: boolean;
  }
}

/** Features the app never uses are switched off for it and anything it embeds (issue #13 item 13). */
const PERMISSIONS_POLICY =
  'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()';

/** The pages' inline scripts, each allowed by its hash: 长辈版 before the first paint (issue #18), the prerendered pages' app start after it (issue #33). */
const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const INLINE_SCRIPT_HASHES = [scriptHash(ELDER_BOOT_SCRIPT), scriptHash(AFTER_PAINT_BOOT_SCRIPT)];

/** WeChat's JS-SDK (share cards, issue #16), loaded only where WeChat credentials are configured. */
const WECHAT_JSSDK_ORIGIN = 'https://res.wx.qq.com';

/** A console preview's navigation (issue #29): `?preview=<token>` as content-previews.ts makes them. */
export const PREVIEW_NAVIGATION = /[?&]preview=[A-Za-z0-9_-]{22}(?:&|$)/;

export async function registerSecurity(app: FastifyInstance, hsts: boolean, wechatJssdk = false) {
  app.addHook('onSend', async (request, reply) => {
    void reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    // Issue #29: no page is framed (clickjacking), but the console frames the H5 on its own origin to
    // preview a draft: only such navigations may be framed, and only by this origin.
    if (PREVIEW_NAVIGATION.test(request.url)) {
      const csp = reply.getHeader('Content-Security-Policy');
      if (typeof csp === 'string')
        void reply.header('Content-Security-Policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
      void reply.header('X-Frame-Options', 'SAMEORIGIN');
    }
    // Answers to authenticated calls are never stored by a browser or a proxy (issue #13 item 13).
    if (
      request.headers.authorization ||
      request.routeOptions.config.noStore ||
      (request.routeOptions.schema as { security?: unknown } | undefined)?.security
    ) {
      // `private, no-store` set by the route (case photos) already says as much.
      if (!String(reply.getHeader('Cache-Control') ?? '').includes('no-store')) void reply.header('Cache-Control', 'no-store');
    }
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...INLINE_SCRIPT_HASHES, ...(wechatJssdk ? [WECHAT_JSSDK_ORIGIN] : [])],
        // antd-mobile sets CSS variables and positions through style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(hsts ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: hsts ? { maxAge: 31536000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    // Said outright though it is helmet's default: it makes Chrome on Android give the origin its own
    // process (health data, the login token) and costs a fresh renderer on entry, which Lighthouse
    // counts on the entry pages; kept on purpose (decision 053).
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
