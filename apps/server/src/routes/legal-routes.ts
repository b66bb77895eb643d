import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@moxa/core/http/envelope';
import { AboutSchema } from '@moxa/core/legal/about-contract';
import { PRIVACY_POLICY_EFFECTIVE_DATE, PRIVACY_POLICY_VERSION, TERMS_EFFECTIVE_DATE, TERMS_VERSION } from '@moxa/core/legal/policy';
import { brandView } from '../brand/brand-view.ts';
import type { ContentStore } from '../content/content-store.ts';
import { CONTENT_CACHE } from '../lib/cached-body.ts';
import { ok } from '../lib/context.ts';

/**
 * GET /api/v8/about (issue #27 item 18): who runs the service, for 关于我们, the 隐私政策 and the
 * 用户协议. Issue #30: from the brand settings (content/brand.md, edited in the console); a field the
 * brand leaves empty falls back to OPERATOR_NAME, OPERATOR_ADDRESS, OPERATOR_PHONE or ICP_NUMBER, so a
 * deployment configured before #30 keeps showing its operator (decision 042). What is set nowhere is
 * null: the pages say 未配置, never a made-up operator. Rebuilt when content is published.
 */
export const legalRoutes =
  (store: ContentStore): FastifyPluginAsyncZod =>
  async (app) => {
    const { env } = app.ctx;
    const brand = brandView(store);
    const either = (fromBrand: string | null, fromEnv: string) => fromBrand ?? (fromEnv === '' ? null : fromEnv);
    const operator = {
      operatorName: either(brand.companyName, env.OPERATOR_NAME),
      operatorAddress: either(brand.address, env.OPERATOR_ADDRESS),
      operatorPhone: either(brand.servicePhone, env.OPERATOR_PHONE),
      icpNumber: either(brand.icpNumber, env.ICP_NUMBER),
    };
    const about = {
      ...operator,
      configured: Object.values(operator).every((v) => v !== null),
      privacyPolicyVersion: PRIVACY_POLICY_VERSION,
      privacyPolicyEffectiveDate: PRIVACY_POLICY_EFFECTIVE_DATE,
      termsVersion: TERMS_VERSION,
      termsEffectiveDate: TERMS_EFFECTIVE_DATE,
    };
    app.get(
      '/api/v8/about',
      {
        schema: {
          tags: ['misc'],
          summary: '关于我们：运营者、联系方式、ICP 备案号，隐私政策和用户协议的版本',
          response: { 200: envelope(AboutSchema) },
        },
      },
      async (_request, reply) => {
        // Issue #30: it follows the brand, so it is cached like content (a publish shows within seconds).
        void reply.header('Cache-Control', CONTENT_CACHE);
        return ok(about);
      },
    );
  };
