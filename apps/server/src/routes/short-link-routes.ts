import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caseScreenPath } from '../notifications/notifier.ts';

/** A page of its own for a link that no longer opens anything: large type, one clear way on. */
const gonePage = (title: string, text: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} - 艾灸养生</title></head>
<body style="margin:0;font-family:-apple-system,'PingFang SC','Noto Sans CJK SC',sans-serif;background:#faf6f0;color:#333">
<main style="max-width:480px;margin:0 auto;padding:64px 24px;text-align:center">
<h1 style="font-size:24px;margin:0 0 16px">${title}</h1>
<p style="font-size:18px;line-height:1.7;margin:0 0 32px">${text}</p>
<a href="/mine" style="display:block;padding:14px;border-radius:8px;background:#b5651d;color:#fff;font-size:18px;text-decoration:none">打开“我的”，查看我的咨询</a>
</main></body></html>`;

/**
 * Issue #31: `/c/<token>`, the short link a reply notice carries. It only points at one case: the
 * case screen itself asks the person to log in first when needed (its login check), so the link grants
 * nothing. A link that expired, or was never made, gets a plain Chinese page. Hidden from the API
 * document: it is a page, not an API operation.
 */
export const shortLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get('/c/:token', { schema: { hide: true, params: z.object({ token: z.string().max(64) }) } }, async (request, reply) => {
    const { token } = request.params;
    const found = /^[A-Za-z0-9_-]{22}$/.test(token) ? await ctx.notifier.repository.resolveLink(token) : null;
    void reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    if (found && found !== 'expired') return reply.redirect(caseScreenPath(found.caseId), 302);
    return reply
      .status(found === 'expired' ? 410 : 404)
      .type('text/html; charset=utf-8')
      .send(
        found === 'expired'
          ? gonePage('链接已过期', '这个链接已超过有效期。咨询的回复仍然保存着，请在“我的”里打开“我的咨询”查看。')
          : gonePage('链接无效', '这个链接不正确或已失效。请在“我的”里打开“我的咨询”查看回复。'),
      );
  });
};
