import type { MediaKind, MediaObject } from '@moxa/core/console/media-contract';
import { UPLOAD_REF_SOURCE } from '@moxa/core/media/media-contract';
import type { RJSFSchema } from '@rjsf/utils';

/**
 * Which form fields take a file of the media library (issue #30): the kinds' schemas say so by their
 * pattern, which accepts an upload's reference (`uploads/<id>`, `.poster`, `.vtt`, decision 041) beside
 * the content/media paths of the seed. Read from the schema itself, so a field a kind adds later gets
 * the picker with no list to keep.
 */

/** What a media field holds: an image, a video's MP4, or its poster or subtitles. */
export type MediaFieldKind = 'image' | 'video' | 'poster' | 'subtitles';

/** zod writes `/` as `\/` in patterns; compare without it. */
const unescaped = (pattern: string) => pattern.replace(/\\\//g, '/');

export function mediaFieldKind(schema: RJSFSchema | undefined): MediaFieldKind | null {
  if (!schema || typeof schema !== 'object' || typeof schema.pattern !== 'string') return null;
  const pattern = unescaped(schema.pattern);
  if (!pattern.includes(UPLOAD_REF_SOURCE)) return null;
  if (pattern.includes(`${UPLOAD_REF_SOURCE}\\.poster`)) return 'poster';
  if (pattern.includes(`${UPLOAD_REF_SOURCE}\\.vtt`)) return 'subtitles';
  return /\bmp4\b/.test(pattern) ? 'video' : 'image';
}

/** The library's kind a field chooses from: posters and subtitles are a video's. */
export const libraryKind = (kind: MediaFieldKind): MediaKind => (kind === 'image' ? 'image' : 'video');

/** The reference a field takes for a chosen upload. */
export function refFor(kind: MediaFieldKind, media: Pick<MediaObject, 'ref'>): string {
  if (kind === 'poster') return `${media.ref}.poster`;
  if (kind === 'subtitles') return `${media.ref}.vtt`;
  return media.ref;
}

/** The upload a value refers to (`uploads/<id>`, `.poster`, `.vtt`), or null for a content/media path. */
export function uploadOf(value: unknown): { id: string; part: 'file' | 'poster' | 'vtt' } | null {
  if (typeof value !== 'string') return null;
  const m = new RegExp(`^${UPLOAD_REF_SOURCE}(\\.poster|\\.vtt)?$`).exec(value);
  if (!m) return null;
  const id = value.slice('uploads/'.length, 'uploads/'.length + 16);
  return { id, part: m[1] === '.poster' ? 'poster' : m[1] === '.vtt' ? 'vtt' : 'file' };
}

/**
 * What choosing `media` for the field `name` of an object writes, field by field: the field itself;
 * for a video, its poster and subtitles siblings (`uploads/<id>.poster`, `.vtt`) where the object's
 * schema has them, and a `duration` number sibling (seconds, as the video kind's); for an image, its `alt`
 * sibling when still empty and the library's alt text fits.
 */
export function chosenValues(
  parent: RJSFSchema | undefined,
  parentData: unknown,
  name: string,
  kind: MediaFieldKind,
  media: Pick<MediaObject, 'ref' | 'alt'> & Partial<Pick<MediaObject, 'durationMs'>>,
): Record<string, string | number> {
  const out: Record<string, string | number> = { [name]: refFor(kind, media) };
  const siblings = parent?.properties ?? {};
  const data = (parentData && typeof parentData === 'object' ? parentData : {}) as Record<string, unknown>;
  for (const [key, child] of Object.entries(siblings)) {
    if (key === name || !child || typeof child !== 'object') continue;
    const sibling = child as RJSFSchema;
    const siblingKind = mediaFieldKind(sibling);
    if (kind === 'video' && (siblingKind === 'poster' || siblingKind === 'subtitles')) out[key] = refFor(siblingKind, media);
    if (kind === 'video' && key === 'duration' && (sibling.type === 'integer' || sibling.type === 'number') && media.durationMs)
      out.duration = Math.round(media.durationMs / 1000);
    if (kind === 'image' && key === 'alt' && sibling.type === 'string' && !String(data.alt ?? '').trim()) {
      const fits = media.alt.length <= (sibling.maxLength ?? Infinity) && media.alt.length >= (sibling.minLength ?? 0);
      if (fits) out.alt = media.alt;
    }
  }
  return out;
}
