import { z } from 'zod';
import { MediaImageSchema, UPLOAD_REF_SOURCE } from '../media/media-contract.ts';

/**
 * The console's media library (issue #30, decision 041): images and videos staff upload, checked and
 * re-encoded on the server, stored in the database (or S3-compatible storage) and served under
 * /media/u/ once content that references them is published. Content refers to an upload by its
 * stable reference `uploads/<id>`; replacing the file keeps the id, the new bytes get new URLs.
 */

/** The largest image accepted, in bytes and in pixels (width × height, read from the header before decoding). */
export const MAX_MEDIA_IMAGE_BYTES = 15 * 1024 * 1024;
export const MAX_MEDIA_IMAGE_PIXELS = 40_000_000;
/**
 * The largest video accepted: bytes and seconds. Short how-to clips (the video center's items run
 * 20–90 s); the H5 streams them with range requests.
 */
export const MAX_MEDIA_VIDEO_BYTES = 80 * 1024 * 1024;
export const MAX_MEDIA_VIDEO_SECONDS = 3 * 60;
export const MAX_MEDIA_SUBTITLE_BYTES = 256 * 1024;
export const MAX_ALT_LENGTH = 200;

export const MEDIA_KINDS = ['image', 'video'] as const;
export const MediaKindSchema = z.enum(MEDIA_KINDS);
export type MediaKind = z.infer<typeof MediaKindSchema>;
export const MEDIA_KIND_NAMES: Record<MediaKind, string> = { image: '图片', video: '视频' };

/** Stable ids: 16 lower-case base32 characters (80 random bits), so they can sit in a content path. */
export const MEDIA_ID = new RegExp(`^${UPLOAD_REF_SOURCE.slice('uploads/'.length)}$`);
export const MediaParams = z.object({ id: z.string().regex(MEDIA_ID, { error: '媒体编号不正确' }) });
/** The reference content uses for an upload (an image `src`, a video's `video` field). */
export const mediaRef = (id: string) => `uploads/${id}`;

export const AltSchema = z
  .string({ error: '请填写替代文字（说明图片或视频的内容）' })
  .trim()
  .min(2, { error: '请填写替代文字（说明图片或视频的内容），至少 2 个字' })
  .max(MAX_ALT_LENGTH, { error: `替代文字不能超过 ${MAX_ALT_LENGTH} 个字` });

/** PUT /api/v8/console/media/:id with a JSON body: change the alt text only. */
export const MediaAltUpdateSchema = z.object({ alt: AltSchema });

/** GET /api/v8/console/media: search (alt text or file name), filter by kind, pages of `size`. */
export const MediaListQuerySchema = z.object({
  q: z.string().trim().max(50, { error: '搜索词不能超过 50 个字' }).optional(),
  kind: MediaKindSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(20),
});
export type MediaListQuery = z.infer<typeof MediaListQuerySchema>;

export const MediaVideoSchema = z.object({
  url: z.string().startsWith('/media/'),
  subtitlesUrl: z.string().startsWith('/media/'),
  poster: MediaImageSchema,
});

export const MediaObjectSchema = z.object({
  id: z.string(),
  /** What content writes to use it: `uploads/<id>`. */
  ref: z.string(),
  kind: MediaKindSchema,
  /** The file name as uploaded (searchable), without any folder. */
  name: z.string(),
  alt: z.string(),
  /** 1 for the first upload, +1 per replaced file. */
  version: z.number().int().positive(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  durationMs: z.number().int().nonnegative().nullable(),
  /** Bytes stored for the current version (all variants). */
  size: z.number().int().nonnegative(),
  /** SHA-256 of the uploaded file (hex). */
  sha256: z.string(),
  /** Published content references it, so /media serves it to everyone. */
  published: z.boolean(),
  uploadedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  image: MediaImageSchema.nullable(),
  video: MediaVideoSchema.nullable(),
});
export type MediaObject = z.infer<typeof MediaObjectSchema>;

export const MediaPageSchema = z.object({ items: z.array(MediaObjectSchema), total: z.number().int().nonnegative() });
export type MediaPage = z.infer<typeof MediaPageSchema>;
