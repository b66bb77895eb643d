import { z } from 'zod';
import { RichTextSchema } from '../content/rich-text.ts';
import { PageQuerySchema } from '../http/paging.ts';
import { MediaImageSchema, UPLOAD_REF_SOURCE } from '../media/media-contract.ts';
import { VIDEO_CATEGORIES } from './video-names.ts';

/**
 * Video center (issue #16): videos as authored in content/videos/<id>.md (front matter + Markdown
 * description). The files live in content/media/videos/: an H.264/AAC MP4 with fast start, a poster
 * image and Chinese WebVTT subtitles, made by scripts/make-videos.sh.
 */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const text = (max = 200) => z.string().trim().min(1).max(max);

export const VideoCategorySchema = z.enum(VIDEO_CATEGORIES);

export const VideoContentSchema = z.object({
  id: z.string().regex(SLUG).max(64),
  title: text(30),
  category: VideoCategorySchema,
  position: z.number().int().positive(),
  summary: text(60),
  /** Seconds. */
  duration: z.number().int().min(20).max(90),
  publishedAt: z.iso.date(),
  // Files under content/media/videos, or a video uploaded in the console (issue #30).
  video: z.string().regex(new RegExp(`^(?:videos/[a-z0-9-]+\\.mp4|${UPLOAD_REF_SOURCE})$`)),
  poster: z.string().regex(new RegExp(`^(?:videos/[a-z0-9-]+\\.(svg|png|jpg)|${UPLOAD_REF_SOURCE}\\.poster)$`)),
  subtitles: z.string().regex(new RegExp(`^(?:videos/[a-z0-9-]+\\.vtt|${UPLOAD_REF_SOURCE}\\.vtt)$`)),
  acupoints: z.array(z.string()).max(6).default([]),
  products: z.array(z.string().regex(SLUG)).max(4).default([]),
  diseases: z.array(z.string().regex(SLUG)).max(4).default([]),
});
export type VideoContent = z.infer<typeof VideoContentSchema>;

/** API shapes (issue #16). */
export const VideoSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  category: VideoCategorySchema,
  summary: z.string(),
  duration: z.number().int(),
  publishedAt: z.string(),
  poster: MediaImageSchema,
  views: z.number().int().nonnegative(),
});
export type VideoSummary = z.infer<typeof VideoSummarySchema>;

/** `/videos`: the latest of each category. */
export const VideoHomeSchema = z.object({ brand: z.array(VideoSummarySchema), health: z.array(VideoSummarySchema) });
export type VideoHome = z.infer<typeof VideoHomeSchema>;

export const VideoListQuerySchema = PageQuerySchema.extend({
  category: VideoCategorySchema.optional(),
});

export const VideoDetailSchema = VideoSummarySchema.extend({
  videoUrl: z.string(),
  subtitlesUrl: z.string(),
  body: RichTextSchema,
  acupoints: z.array(z.object({ code: z.string(), name: z.string() })),
  products: z.array(z.object({ id: z.string(), name: z.string(), cover: MediaImageSchema, price: z.number(), unit: z.string() })),
  diseases: z.array(z.object({ id: z.string(), name: z.string() })),
  related: z.array(VideoSummarySchema),
});
export type VideoDetail = z.infer<typeof VideoDetailSchema>;

/** `POST /api/v8/videos/{id}/views`: a device id the page keeps, so reloading counts once a day. */
export const VideoViewBodySchema = z.object({
  visitor: z
    .string({ error: '访客标识不正确' })
    .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: '访客标识不正确' })
    .optional(),
});
export const VideoViewResultSchema = z.object({ views: z.number().int().nonnegative(), counted: z.boolean() });
export type VideoViewResult = z.infer<typeof VideoViewResultSchema>;
