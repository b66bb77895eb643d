import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountExportSchema, ExportBodySchema } from '@moxa/core/export/export-contract';
import { EXPORT_AUDIT_ACTION } from '@moxa/core/export/export-sections';
import { envelope } from '@moxa/core/http/envelope';
import { UserSchema } from '@moxa/core/login/login-contract';
import { UpdateProfileBodySchema } from '@moxa/core/login/profile-contract';
import type { Questionnaire } from '@moxa/core/physical/physical-contract';
import { accountExporter } from '../export/account-export.ts';
import { notLoggedIn } from '../lib/app-error.ts';
import { bearerSecurity, ok, requireUser } from '../lib/context.ts';
import { accountPhone, smsGate } from '../login/sms-gate.ts';

/**
 * Issue #27: a person's rights over their account data. 我的数据 (item 16, 《个人信息保护法》 §45):
 * the whole account as JSON, after a fresh SMS code to the account's own number (the step-up 注销账号
 * uses), listed in a manifest and logged in the audit trail. 昵称 (item 13): the user's own name.
 */
export function accountDataRoutes(content: {
  questionnaire: Questionnaire;
  diseaseName: (id: string) => string | null;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { ctx } = app;
    const gate = smsGate(ctx);
    const exporter = accountExporter(ctx, content);

    app.patch(
      '/api/v8/me',
      {
        schema: {
          tags: ['login'],
          summary: '修改昵称（2–12 个字，不能有连着的 4 个数字）',
          security: bearerSecurity,
          body: UpdateProfileBodySchema,
          response: { 200: envelope(UserSchema) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        const renamed = await ctx.users.rename(user.id, request.body.name);
        if (!renamed) throw notLoggedIn('登录已失效，请重新登录');
        return ok(renamed);
      },
    );

    app.post(
      '/api/v8/me/export',
      {
        config: { noStore: true },
        schema: {
          tags: ['login'],
          summary: '我的数据：导出账号保存的全部数据（须本账号手机验证码）',
          errors: [429],
          description:
            'Answers everything kept for the account as one JSON document (profile, WeChat binding, logins, consents, constitution records with answers, moxibustion sessions, favourites, history, consultations with messages and photos as base64), with a manifest of counts per section. Streamed: photos are read one at a time. A wrong code exports nothing. Each export is written to the audit trail (counts only).',
          security: bearerSecurity,
          body: ExportBodySchema,
          response: { 200: envelope(AccountExportSchema) },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        // A code asked for 我的数据 only (issue #27 item 10): a login or deletion code does not export.
        await gate.verify(request, accountPhone(user.mobile), 'export', request.body.code);
        const doc = await exporter.collect(user.id);
        if (!doc) throw notLoggedIn('登录已失效，请重新登录');
        await ctx.audit.record({
          actorId: user.id,
          action: EXPORT_AUDIT_ACTION,
          subject: `user:${user.id}`,
          detail: {
            sections: Object.fromEntries(doc.manifest.sections.map((s) => [s.key, s.count])),
            messages: doc.manifest.messages,
            photos: doc.manifest.photos,
          },
        });
        request.log.info({ userId: user.id, photos: doc.manifest.photos }, 'account exported');
        // A stream bypasses the serializer: the document it writes is the envelope of the schema above.
        const body = exporter.stream(user.id, doc) as unknown as { code: number; msg: string; data: never };
        return reply.header('Content-Type', 'application/json; charset=utf-8').header('Cache-Control', 'no-store').send(body);
      },
    );
  };
}
