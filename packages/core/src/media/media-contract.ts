import { z } from 'zod';

/**
 * An image as the API hands it to the web (issue #14 §3): its intrinsic size (so the page reserves
 * the space and nothing shifts), the alt text, and the variants made at build time — WebP plus a
 * JPEG/PNG fallback at a few widths — each a hashed URL under /media served with immutable caching.
 */
export const MediaVariantSchema = z.object({ width: z.number().int().positive(), url: z.string().startsWith('/media/') });
export const MediaImageSchema = z.object({
  /** Path of the original under content/media, e.g. "products/moxa-box-1.png". */
  src: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string(),
  webp: z.array(MediaVariantSchema).min(1),
  /** JPEG for photos, PNG for drawings with transparency. */
  fallback: z.array(MediaVariantSchema).min(1),
  /**
   * A drawing's own SVG (originals in SVG only): a tenth of the bytes of the pictures made of it and
   * sharp at every width, so pages show it; the pictures stay for share cards and the console.
   */
  vector: z.string().startsWith('/media/').optional(),
});
export type MediaImage = z.infer<typeof MediaImageSchema>;
export type MediaVariant = z.infer<typeof MediaVariantSchema>;

/** Widths the build makes of every image (those not wider than the original). */
export const MEDIA_WIDTHS = [320, 640, 960, 1280] as const;

/**
 * Issue #30: content may use a file uploaded in the console by its stable reference instead of a
 * path under content/media: `uploads/<id>` (an image, or a video's MP4), `uploads/<id>.poster` (a
 * video's poster) and `uploads/<id>.vtt` (its subtitles); see docs/decisions/041-media-storage.md.
 */
export const UPLOAD_REF_SOURCE = 'uploads/[a-z2-7]{16}';
