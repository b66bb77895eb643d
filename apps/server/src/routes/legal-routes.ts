import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@moxa/core/http/envelope';
import { AboutSchema } from '@moxa/core/legal/about-contract';
import { PRIVACY_POLICY_EFFECTIVE_DATE, PRIVACY_POLICY_VERSION, TERMS_EFFECTIVE_DATE, TERMS_VERSION } from '@moxa/core/legal/policy';
import { ok } from '../lib/context.ts';

/**
 * GET /api/v8/about (issue #27 item 18): who runs the service, for 关于我们, the 隐私政策 and the
 * 用户协议, from OPERATOR_NAME, OPERATOR_ADDRESS, OPERATOR_PHONE and ICP_NUMBER. What is not
 * configured is null: the pages say 未配置, never a made-up operator.
 */
export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { env } = app.ctx;
  const orNull = (v: string) => (v === '' ? null : v);
  const about = {
    operatorName: orNull(env.OPERATOR_NAME),
    operatorAddress: orNull(env.OPERATOR_ADDRESS),
    operatorPhone: orNull(env.OPERATOR_PHONE),
    icpNumber: orNull(env.ICP_NUMBER),
    configured: [env.OPERATOR_NAME, env.OPERATOR_ADDRESS, env.OPERATOR_PHONE, env.ICP_NUMBER].every((v) => v !== ''),
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
      void reply.header('Cache-Control', 'public, max-age=300');
      return ok(about);
    },
  );
};
