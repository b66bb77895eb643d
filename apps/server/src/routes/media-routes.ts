import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AltSchema,
  MAX_MEDIA_VIDEO_BYTES,
  MediaAltUpdateSchema,
  MediaListQuerySchema,
  MediaObjectSchema,
  MediaPageSchema,
  MediaParams,
} from '@moxa/core/console/media-contract';
import { envelope, ErrorCode } from '@moxa/core/http/envelope';
import { QueueFullError } from '../cases/decode-queue.ts';
import { AppError, badInput, forbidden, notFound, unavailable } from '../lib/app-error.ts';
import { bearerSecurity, ok } from '../lib/context.ts';
import { consoleServices } from '../console/console-services.ts';
import { hasRole, type Role } from '@moxa/core/login/roles';
import { UploadError } from '../media/uploads/image-upload.ts';
import { UPLOAD_PREFIX } from '../media/uploads/media-repository.ts';
import { mediaLibraryFor, partCap, prepareUpload, type UploadParts, type UploadedPart } from '../media/uploads/media-service.ts';
import { etagOf, sendMediaFile } from '../plugins/media-static.ts';

const NOT_FOUND = '没有找到这个媒体文件';
const FIELDS = new Set(['file', 'poster', 'subtitles']);

/** Reads one file part, refusing it as soon as it passes the cap its first bytes call for. */
async function readPart(part: Extract<Multipart, { type: 'file' }>, field: 'file' | 'poster' | 'subtitles'): Promise<UploadedPart> {
  const chunks: Buffer[] = [];
  let size = 0;
  let limit: ReturnType<typeof partCap> | null = null;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    limit ??= partCap(field, chunk);
    size += chunk.length;
    if (size > limit.cap) throw new UploadError(limit.message, true);
    chunks.push(chunk);
  }
  if (part.file.truncated) throw new UploadError((limit ?? partCap(field, Buffer.alloc(0))).message, true);
  return { bytes: Buffer.concat(chunks), mimetype: part.mimetype ?? '', filename: part.filename ?? '' };
}

const asAppError = (err: unknown): unknown => {
  if (err instanceof UploadError) return new AppError(err.tooLarge ? 413 : 400, ErrorCode.badInput, err.message);
  if (err instanceof QueueFullError) return unavailable('现在上传的文件较多，请稍后再试');
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(413, ErrorCode.badInput, `文件不能超过 ${MAX_MEDIA_VIDEO_BYTES / 1024 / 1024} MB`);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return badInput('上传的内容过多：一个文件（视频另加封面和字幕）和替代文字');
  return badInput('请求格式不正确');
};

/** The multipart upload: `alt` text, `file`, and for a video `poster` and `subtitles`. Nothing is stored here. */
async function readUpload(parts: AsyncIterable<Multipart>): Promise<{ alt: string | undefined; files: UploadParts }> {
  let alt: string | undefined;
  const files: UploadParts = {};
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        const field = part.fieldname;
        if (!FIELDS.has(field) || files[field as keyof UploadParts]) throw badInput('请求格式不正确');
        files[field as keyof UploadParts] = await readPart(part, field as 'file' | 'poster' | 'subtitles');
      } else if (part.fieldname === 'alt') alt = String(part.value);
      else throw badInput('请求格式不正确');
    }
  } catch (err) {
    throw asAppError(err);
  }
  return { alt, files };
}

/** The store (the database, or the S3 bucket) failed: nothing was recorded; the editor may retry. */
const storeFailed = (request: FastifyRequest) => (err: unknown) => {
  request.log.error({ err }, 'media not stored');
  throw unavailable('文件暂时无法保存，请稍后再试');
};

const parseAlt = (alt: unknown) => {
  const parsed = AltSchema.safeParse(alt);
  if (!parsed.success) throw badInput(parsed.error.issues[0]?.message ?? '请填写替代文字');
  return parsed.data;
};

/**
 * The console's media library (issue #30): upload, list, read and replace images and videos, under the
 * console's session rules (issue #29). Editors upload and replace, reviewers see the library and its
 * files (to review drafts that use them), admins pass; every write is in the audit trail (`media.upload`, `media.replace`). Files are
 * served by /media once published content references them; staff preview any file here.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const library = mediaLibraryFor(ctx);
  const services = consoleServices(ctx);
  // The console's session rules (SMS login < 12 h old, used within 30 min), before any body is read (issue #29).
  app.addHook('onRequest', async (request) => {
    await services.access(request);
  });
  /** The staff member, holding one of `roles` (admin passes): editors upload and replace, reviewers look. */
  const staff = async (request: FastifyRequest, ...roles: Role[]) => {
    const user = await services.access(request);
    if (!hasRole(user.roles, roles)) throw forbidden();
    return user;
  };
  await app.register(multipart, {
    preservePath: true,
    limits: { fileSize: MAX_MEDIA_VIDEO_BYTES, files: 3, fields: 1, fieldSize: 4 * 1024, parts: 4, headerPairs: 50 },
  });

  app.post(
    '/api/v8/console/media',
    {
      schema: {
        tags: ['console'],
        summary: '上传图片或视频（multipart：file、alt；视频另需 poster 封面和 subtitles 字幕）（编辑）',
        consumes: ['multipart/form-data'],
        security: bearerSecurity,
        errors: [403, 413, 503],
        response: { 200: envelope(MediaObjectSchema) },
      },
    },
    async (request, reply) => {
      const user = await staff(request, 'editor');
      void reply.header('Cache-Control', 'no-store');
      if (!request.isMultipart()) throw badInput('请用表单上传文件');
      const { alt, files } = await readUpload(request.parts());
      const altText = parseAlt(alt);
      const prepared = await prepareUpload(files).catch((err: unknown) => {
        throw asAppError(err);
      });
      const object = await library.create(prepared, altText, user.id).catch(storeFailed(request));
      await ctx.audit.record({
        actorId: user.id,
        action: 'media.upload',
        subject: `media:${object.id}`,
        detail: { kind: object.kind, version: object.version, bytes: object.size },
      });
      request.log.info({ mediaId: object.id, kind: object.kind, bytes: object.size }, 'media uploaded');
      return ok(object);
    },
  );

  app.get(
    '/api/v8/console/media',
    {
      schema: {
        tags: ['console'],
        summary: '媒体库：搜索、按类型筛选、分页（编辑、审核员）',
        querystring: MediaListQuerySchema,
        security: bearerSecurity,
        errors: [403],
        response: { 200: envelope(MediaPageSchema) },
      },
    },
    async (request, reply) => {
      await staff(request, 'editor', 'reviewer');
      void reply.header('Cache-Control', 'no-store');
      return ok(await library.list(request.query));
    },
  );

  app.get(
    '/api/v8/console/media/:id',
    {
      schema: {
        tags: ['console'],
        summary: '一个媒体文件的信息和各个尺寸的地址（编辑、审核员）',
        params: MediaParams,
        security: bearerSecurity,
        errors: [403, 404],
        response: { 200: envelope(MediaObjectSchema) },
      },
    },
    async (request, reply) => {
      await staff(request, 'editor', 'reviewer');
      void reply.header('Cache-Control', 'no-store');
      const object = await library.get(request.params.id);
      if (!object) throw notFound(NOT_FOUND);
      return ok(object);
    },
  );

  app.put(
    '/api/v8/console/media/:id',
    {
      schema: {
        tags: ['console'],
        summary: '替换文件（multipart，同上传；alt 可省略）或只改替代文字（JSON：{alt}）（编辑）',
        description:
          'Replacing keeps the id, so content that references uploads/<id> keeps pointing at it; the new bytes get new URLs and the old ones stay served.',
        consumes: ['multipart/form-data', 'application/json'],
        params: MediaParams,
        security: bearerSecurity,
        errors: [403, 404, 413, 503],
        response: { 200: envelope(MediaObjectSchema) },
      },
    },
    async (request, reply) => {
      const user = await staff(request, 'editor');
      void reply.header('Cache-Control', 'no-store');
      const current = await library.get(request.params.id);
      if (!current) throw notFound(NOT_FOUND);
      if (!request.isMultipart()) {
        const parsed = MediaAltUpdateSchema.safeParse(request.body);
        if (!parsed.success) throw badInput(parsed.error.issues[0]?.message ?? '请求格式不正确');
        const object = (await library.updateAlt(current.id, parsed.data.alt))!;
        await ctx.audit.record({
          actorId: user.id,
          action: 'media.replace',
          subject: `media:${object.id}`,
          detail: { file: false, alt: true, version: object.version },
        });
        return ok(object);
      }
      const { alt, files } = await readUpload(request.parts());
      const altText = alt === undefined ? current.alt : parseAlt(alt);
      const prepared = await prepareUpload(files).catch((err: unknown) => {
        throw asAppError(err);
      });
      if (prepared.kind !== current.kind)
        throw badInput(current.kind === 'image' ? '这是一张图片，只能换成另一张图片' : '这是一个视频，只能换成另一个视频');
      const object = await library.replace(current.id, prepared, altText, user.id).catch(storeFailed(request));
      if (!object) throw notFound(NOT_FOUND);
      await ctx.audit.record({
        actorId: user.id,
        action: 'media.replace',
        subject: `media:${object.id}`,
        detail: { file: true, alt: altText !== current.alt, version: object.version, bytes: object.size },
      });
      request.log.info({ mediaId: object.id, version: object.version }, 'media replaced');
      return ok(object);
    },
  );

  app.get(
    '/api/v8/console/media/:id/files/:name',
    {
      schema: {
        tags: ['console'],
        summary: '预览一个媒体文件（含未发布的），不缓存（编辑、审核员）',
        params: MediaParams.extend({ name: z.string().regex(/^[a-z2-7]{16}[a-z0-9.]{1,40}$/, { error: '文件名不正确' }) }),
        security: bearerSecurity,
        errors: [403, 404],
      },
    },
    async (request, reply) => {
      await staff(request, 'editor', 'reviewer');
      const { id, name } = request.params;
      const file = name.startsWith(id) ? await library.file(`${UPLOAD_PREFIX}${name}`) : null;
      if (!file || file.objectId !== id) throw notFound(NOT_FOUND);
      return sendMediaFile(
        request,
        reply,
        { size: file.size, etag: etagOf(file.sha256), type: file.contentType, read: (s, e) => library.read(file, s, e) },
        'private, no-store',
      );
    },
  );
};
