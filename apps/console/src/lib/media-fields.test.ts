import { ADVISOR_PHOTO_REF } from '@moxa/core/advisors/advisor-profile-rules';
import { BrandContentSchema } from '@moxa/core/brand/brand-contract';
import { ProductContentSchema, ProductMarketingContentSchema } from '@moxa/core/products/product-contract';
import { ReviewContentSchema } from '@moxa/core/reviews/review-contract';
import { VideoContentSchema } from '@moxa/core/videos/video-contract';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chosenValues, mediaFieldKind, refFor, uploadOf, type MediaFieldKind } from './media-fields.ts';

/** The form's schema of a kind, as the item API sends it (workflow.ts). */
const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as RJSFSchema;

/** Every media field of a schema, by path (`[]` for an array's items, `|n` for a union's branch). */
function mediaFields(schema: RJSFSchema, path = ''): string[] {
  const kind = mediaFieldKind(schema);
  if (kind) return [`${path}:${kind}`];
  const out: string[] = [];
  for (const [key, child] of Object.entries(schema.properties ?? {}))
    out.push(...mediaFields(child as RJSFSchema, path ? `${path}.${key}` : key));
  if (schema.items && typeof schema.items === 'object') out.push(...mediaFields(schema.items as RJSFSchema, `${path}[]`));
  for (const k of ['anyOf', 'oneOf'] as const)
    (schema[k] ?? []).forEach((s, i) => out.push(...mediaFields(s as RJSFSchema, `${path}|${i}`)));
  return out;
}

const VIDEO = { ref: 'uploads/abcdefghijklmnop', alt: '艾灸盒的使用方法', durationMs: 54_400 };
const PHOTO = { ref: 'uploads/qrstuvwxyz234567', alt: '竹制灸盒放在木桌上' };

describe('media fields of the kinds’ schemas (issue #30)', () => {
  it('finds every field that takes a picture or a video, and nothing else', () => {
    expect(mediaFields(jsonSchema(ProductContentSchema))).toEqual(['images[].src:image']);
    expect(mediaFields(jsonSchema(VideoContentSchema))).toEqual(['video:video', 'poster:poster', 'subtitles:subtitles']);
    expect(mediaFields(jsonSchema(BrandContentSchema))).toEqual(['serviceWechatQr.src:image', 'share.image.src:image']);
    expect(mediaFields(jsonSchema(ProductMarketingContentSchema))).toEqual([
      'blocks[]|0.image.src:image',
      'blocks[]|2.items[].image.src:image',
    ]);
    expect(mediaFields(jsonSchema(ReviewContentSchema))).toEqual([]);
    // The advisor's photo (decision 043) is an image of the library.
    expect(mediaFieldKind({ type: 'string', pattern: ADVISOR_PHOTO_REF.source })).toBe('image');
    // Other patterned strings are not media fields.
    expect(mediaFieldKind({ type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' })).toBeNull();
    expect(mediaFieldKind({ type: 'string' })).toBeNull();
  });

  it('writes the reference each field takes, and reads it back', () => {
    const refs = (['image', 'video', 'poster', 'subtitles'] as MediaFieldKind[]).map((k) => refFor(k, VIDEO));
    expect(refs).toEqual([VIDEO.ref, VIDEO.ref, `${VIDEO.ref}.poster`, `${VIDEO.ref}.vtt`]);
    expect(refs.map(uploadOf)).toEqual([
      { id: 'abcdefghijklmnop', part: 'file' },
      { id: 'abcdefghijklmnop', part: 'file' },
      { id: 'abcdefghijklmnop', part: 'poster' },
      { id: 'abcdefghijklmnop', part: 'vtt' },
    ]);
    // Seed pictures under content/media, typed by hand, are not uploads.
    expect(uploadOf('products/bamboo-moxa-box-1.svg')).toBeNull();
    expect(uploadOf('uploads/abcdefghijklmnop.jpg')).toBeNull();
    expect(uploadOf(undefined)).toBeNull();
  });
});

describe('what choosing an upload fills (issue #30)', () => {
  it('a video fills its MP4 field and, where the schema has them, the poster and subtitles beside it and its length', () => {
    const video = jsonSchema(VideoContentSchema);
    expect(chosenValues(video, { title: '灸盒' }, 'video', 'video', VIDEO)).toEqual({
      video: VIDEO.ref,
      poster: `${VIDEO.ref}.poster`,
      subtitles: `${VIDEO.ref}.vtt`,
      duration: 54,
    });
    // A poster or subtitles field chosen on its own changes only itself.
    expect(chosenValues(video, {}, 'poster', 'poster', VIDEO)).toEqual({ poster: `${VIDEO.ref}.poster` });
    // No siblings in the schema: only the field.
    const alone: RJSFSchema = { type: 'object', properties: { clip: video.properties!.video! } };
    expect(chosenValues(alone, {}, 'clip', 'video', VIDEO)).toEqual({ clip: VIDEO.ref });
  });

  it('an image fills its src, and its alt only when empty and the library’s text fits the field', () => {
    const image = (jsonSchema(ProductContentSchema).properties!.images as RJSFSchema).items as RJSFSchema;
    expect(chosenValues(image, { src: 'products/a.svg', alt: '' }, 'src', 'image', PHOTO)).toEqual({ src: PHOTO.ref, alt: PHOTO.alt });
    expect(chosenValues(image, { src: 'products/a.svg', alt: '灸盒外观' }, 'src', 'image', PHOTO)).toEqual({ src: PHOTO.ref });
    const long = { ref: PHOTO.ref, alt: '一'.repeat(41) };
    expect(chosenValues(image, {}, 'src', 'image', long)).toEqual({ src: PHOTO.ref });
  });
});
