import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CaseDetailSchema,
  CaseSummarySchema,
  ConsultationRequestSchema,
  FollowUpSchema,
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  type ConsultationRequest,
  CaseParamsSchema,
} from '@moxa/core/cases/case-contract';
import { hasRedFlag } from '@moxa/core/cases/case-names';
import { envelope } from '@moxa/core/http/envelope';
import type { CaseViews } from '../cases/case-views.ts';
import { QueueFullError } from '../cases/decode-queue.ts';
import { decodeQueue, PhotoError, processPhoto, type ProcessedPhoto } from '../cases/photos.ts';
import { AppError, badInput, conflict, notFound, unavailable } from '../lib/app-error.ts';
import { bearerSecurity, ok, requireUser } from '../lib/context.ts';
import { takeAll } from '../lib/rate-limit.ts';
import { ErrorCode } from '@moxa/core/http/envelope';

const PhotoParams = CaseParamsSchema.extend({ photoId: z.string().regex(/^[0-9a-f-]{36}$/, { error: '照片编号不正确' }) });
const NOT_FOUND = '没有找到这条咨询';
/** A file name is only a label: one that names a path, or holds control characters, is refused. */
const safeName = (name: string) =>
  name.length > 0 && name.length <= 200 && !/[/\\]/.test(name) && !name.includes('..') && ![...name].some((ch) => ch.charCodeAt(0) < 32);

/** Cases one account may open per day. */
const CASES_PER_DAY = 10;
/**
 * One consultation upload at a time per account (issue #27 item 2). The slot is given back when the
 * request ends; this window only frees it should an instance stop in the middle of an upload.
 */
const UPLOAD_SLOT_SECONDS = 120;

/** One photo, decoded in its turn of the process-wide decode queue (issue #27 item 2). */
async function decoded(file: Buffer): Promise<ProcessedPhoto> {
  try {
    return await decodeQueue.run(() => processPhoto(file));
  } catch (err) {
    if (err instanceof PhotoError) throw badInput(err.message);
    if (err instanceof QueueFullError) throw unavailable('现在提交照片的人较多，请稍后再试');
    throw err;
  }
}

const tooLarge = () => new AppError(413, ErrorCode.badInput, `每张照片不能超过 ${MAX_PHOTO_BYTES / 1024 / 1024} MB，请压缩或截图后上传`);

/** Reads the multipart request: the `data` JSON field and up to MAX_PHOTOS `photos` files. Nothing is written here. */
async function readConsultation(
  parts: AsyncIterable<import('@fastify/multipart').Multipart>,
): Promise<{ request: ConsultationRequest; files: Buffer[] }> {
  let data: unknown = undefined;
  const files: Buffer[] = [];
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photos') throw badInput('请求格式不正确');
        if (!safeName(part.filename)) throw badInput('照片文件名不正确，请重新选择照片');
        if (files.length >= MAX_PHOTOS) throw badInput(`最多上传 ${MAX_PHOTOS} 张照片`);
        files.push(await part.toBuffer());
      } else if (part.fieldname === 'data') {
        try {
          data = JSON.parse(String(part.value));
        } catch {
          throw badInput('请求格式不正确');
        }
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw badInput(`最多上传 ${MAX_PHOTOS} 张照片`);
    throw badInput('请求格式不正确');
  }
  const parsed = ConsultationRequestSchema.safeParse(data ?? {});
  if (!parsed.success) throw badInput(parsed.error.issues[0]?.message ?? '请求格式不正确');
  return { request: parsed.data, files };
}

/**
 * Issue #17, the user's side: ask (with photos), list and read one's own cases, follow up, close and
 * delete. Every case route answers 404 for anyone but the owner (never 403: a case's existence is
 * private too). Photos go out `private, no-store`.
 */
export function caseRoutes(views: CaseViews): FastifyPluginAsyncZod {
  return async (app) => {
    const { ctx } = app;
    const cases = ctx.cases;
    await app.register(multipart, {
      // Keep the name as sent, so a name with a path in it is seen and refused, not silently cut.
      preservePath: true,
      limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_PHOTOS + 1, fields: 4, fieldSize: 16 * 1024, parts: MAX_PHOTOS + 5, headerPairs: 50 },
    });
    const owned = async (caseId: string, userId: string) => {
      const c = await cases.ownedBy(caseId, userId);
      if (!c) throw notFound(NOT_FOUND);
      return c;
    };

    app.post(
      '/api/v8/consultations',
      {
        schema: {
          tags: ['cases'],
          summary: '提交咨询（multipart：data 为 JSON，photos 为照片，最多 6 张）',
          consumes: ['multipart/form-data'],
          security: bearerSecurity,
          // 403: the consultation consent is missing (item 15); 429: the upload slot or the day's quota (item 2).
          errors: [403, 429],
          response: { 200: envelope(CaseDetailSchema) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        // Health data: a consultation needs the separate consent of its purpose (issue #27 item 15).
        await ctx.consents.require(user.id, 'consultation');
        if (!request.isMultipart()) throw badInput('请求格式不正确');
        // Issue #27 item 2: the user's upload slot and daily quota are taken before a byte of the body is
        // read, so a user over either limit gets 429 at once and no photo of theirs is read or decoded.
        const slot = await takeAll(ctx.limits, [
          {
            key: `cases:upload:${user.id}`,
            windowSeconds: UPLOAD_SLOT_SECONDS,
            max: 1,
            message: () => '上一条咨询还在提交中，请稍等一会儿再试',
          },
        ]);
        try {
          const quota = await takeAll(ctx.limits, [
            {
              key: `cases:day:${user.id}`,
              windowSeconds: 86400,
              max: CASES_PER_DAY,
              message: (w) => `今天提交的咨询较多，请 ${w}后再试，或在已有咨询里补充`,
            },
          ]);
          try {
            const { request: body, files } = await readConsultation(request.parts());
            if (body.disease && !views.knownDisease(body.disease)) throw badInput('选择的调理项目不存在');
            if (body.physicalRecordId && !(await cases.physicalRecordOf(user.id, body.physicalRecordId)))
              throw badInput('附带的体质记录不存在');
            const photos: ProcessedPhoto[] = [];
            for (const f of files) photos.push(await decoded(f));
            const id = await cases.create(user.id, body, hasRedFlag(`${body.complaint} ${body.symptoms}`), photos);
            request.log.info({ userId: user.id, caseId: id, photos: photos.length }, 'consultation');
            // Issue #31: the advisors hear of it (the notice is a row first; a failure here loses no case).
            await ctx.notifier
              .caseCreated()
              .catch((err: unknown) => request.log.warn({ caseId: id, err: String(err) }, 'new-case notice not planned'));
            return ok(await views.detail((await cases.get(id))!));
          } catch (err) {
            // Only cases really opened count against the day (decision 004: a refused request consumes nothing).
            await quota.giveBack().catch(() => {});
            throw err;
          }
        } finally {
          await slot.giveBack().catch(() => {});
        }
      },
    );

    app.get(
      '/api/v8/cases',
      {
        schema: { tags: ['cases'], summary: '我的咨询', security: bearerSecurity, response: { 200: envelope(z.array(CaseSummarySchema)) } },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        return ok((await cases.listOf(user.id)).map(views.summary));
      },
    );

    app.get(
      '/api/v8/cases/:caseId',
      {
        schema: {
          tags: ['cases'],
          summary: '咨询详情',
          params: CaseParamsSchema,
          security: bearerSecurity,
          response: { 200: envelope(CaseDetailSchema) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        const c = await owned(request.params.caseId, user.id);
        await cases.markRead(c.id);
        return ok({ ...(await views.detail(c)), unread: false });
      },
    );

    app.post(
      '/api/v8/cases/:caseId/messages',
      {
        schema: {
          tags: ['cases'],
          summary: '补充说明',
          params: CaseParamsSchema,
          body: FollowUpSchema,
          security: bearerSecurity,
          // 403: the consultation consent was withdrawn; 409: the case is closed.
          errors: [403, 409],
          response: { 200: envelope(CaseDetailSchema) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        const c = await owned(request.params.caseId, user.id);
        // A follow-up is more health data: not after the consent was withdrawn (issue #27 item 15).
        await ctx.consents.require(user.id, 'consultation');
        if (c.status === 'closed') throw conflict('这条咨询已关闭，如需帮助请新建咨询');
        await cases.addMessage(c, { author: 'user', body: request.body.body });
        return ok(await views.detail((await cases.get(c.id))!));
      },
    );

    app.post(
      '/api/v8/cases/:caseId/close',
      {
        schema: {
          tags: ['cases'],
          summary: '结束咨询',
          params: CaseParamsSchema,
          security: bearerSecurity,
          response: { 200: envelope(CaseDetailSchema) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        const c = await owned(request.params.caseId, user.id);
        await cases.setStatus(c, 'closed');
        return ok(await views.detail((await cases.get(c.id))!));
      },
    );

    app.delete(
      '/api/v8/cases/:caseId',
      {
        schema: {
          tags: ['cases'],
          summary: '删除咨询（文字和照片一并永久删除）',
          params: CaseParamsSchema,
          security: bearerSecurity,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        if (!(await cases.delete(request.params.caseId, user.id))) throw notFound(NOT_FOUND);
        request.log.info({ userId: user.id, caseId: request.params.caseId }, 'case deleted');
        return ok(null);
      },
    );

    app.get(
      '/api/v8/cases/:caseId/photos/:photoId',
      { schema: { tags: ['cases'], summary: '咨询照片（仅本人和顾问可见）', params: PhotoParams, security: bearerSecurity } },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        const c = await cases.get(request.params.caseId);
        const advisor = c && c.userId !== user.id ? views.isAdvisor(await ctx.users.rolesOf(user.id)) : false;
        if (!c || (c.userId !== user.id && !advisor)) throw notFound('没有找到这张照片');
        const photo = await cases.photo(c.id, request.params.photoId);
        if (!photo) throw notFound('没有找到这张照片');
        return reply
          .type(photo.mime)
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .send(photo.bytes);
      },
    );
  };
}
