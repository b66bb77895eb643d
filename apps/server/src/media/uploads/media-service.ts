import { MAX_MEDIA_IMAGE_BYTES, MAX_MEDIA_SUBTITLE_BYTES, MAX_MEDIA_VIDEO_BYTES } from '@moxa/core/console/media-contract';
import { decodeQueue } from '../../cases/photos.ts';
import type { AppContext } from '../../lib/context.ts';
import { detectType } from './file-types.ts';
import { encodeImage, UploadError, type EncodedImage } from './image-upload.ts';
import { mediaRepository, type MediaRepository, type PreparedUpload } from './media-repository.ts';
import { checkSubtitles, checkVideo } from './video-upload.ts';

/** One uploaded part as received: bytes, the declared type and the file name. */
export type UploadedPart = { bytes: Buffer; mimetype: string; filename: string };
export type UploadParts = { file?: UploadedPart; poster?: UploadedPart; subtitles?: UploadedPart };

/** The byte cap of a part, chosen from its first bytes (so an image is never read up to the video cap). */
export function partCap(field: 'file' | 'poster' | 'subtitles', head: Buffer): { cap: number; message: string } {
  if (field === 'subtitles') return { cap: MAX_MEDIA_SUBTITLE_BYTES, message: `字幕文件不能超过 ${MAX_MEDIA_SUBTITLE_BYTES / 1024} KB` };
  const type = detectType(head);
  if (field === 'file' && (type === 'mp4' || type === 'mov'))
    return { cap: MAX_MEDIA_VIDEO_BYTES, message: `视频不能超过 ${MAX_MEDIA_VIDEO_BYTES / 1024 / 1024} MB，请压缩后再上传` };
  return { cap: MAX_MEDIA_IMAGE_BYTES, message: `图片不能超过 ${MAX_MEDIA_IMAGE_BYTES / 1024 / 1024} MB，请压缩后再上传` };
}

const baseName = (filename: string) => filename.split(/[\\/]/).pop()!.slice(0, 120);

/**
 * Checks and encodes an upload (issue #30): an image alone, or a video with its poster image and
 * WebVTT subtitles. Image decoding waits its turn in the decode queue shared with consultation
 * photos (cases/photos.ts), so uploads cannot starve the thread pool. Throws UploadError.
 */
export async function prepareUpload(parts: UploadParts): Promise<PreparedUpload> {
  const { file, poster, subtitles } = parts;
  if (!file) throw new UploadError('请选择要上传的图片或视频');
  const type = detectType(file.bytes);
  if (type === 'mp4' || type === 'mov') {
    const video = checkVideo(file.bytes, file.mimetype, file.filename);
    if (!poster) throw new UploadError('视频需要一张封面图（JPG、PNG 或 WebP）');
    if (!subtitles) throw new UploadError('视频需要字幕文件（WebVTT，.vtt）');
    const vtt = checkSubtitles(subtitles.bytes, subtitles.mimetype, subtitles.filename, video.durationMs);
    const posterImage: EncodedImage = await decodeQueue.run(() => encodeImage(poster.bytes, poster.mimetype, poster.filename));
    return { kind: 'video', name: baseName(file.filename), video: { ...video, bytes: file.bytes }, poster: posterImage, subtitles: vtt };
  }
  if (poster || subtitles) throw new UploadError('图片不需要封面或字幕，请只选择图片');
  const image = await decodeQueue.run(() => encodeImage(file.bytes, file.mimetype, file.filename));
  return { kind: 'image', name: baseName(file.filename), image };
}

const libraries = new WeakMap<AppContext, MediaRepository>();

/** The media library of an app (one per context: /media and the console routes share it). */
export function mediaLibraryFor(ctx: AppContext): MediaRepository {
  let lib = libraries.get(ctx);
  if (!lib) {
    const repo = mediaRepository(ctx.db, ctx.objectStore, ctx.clock);
    lib = {
      ...repo,
      // Issue #30: replacing a file that published content uses recompiles the content at once
      // (content-events.ts), so pages show the new URLs without waiting for the next publish.
      async replace(...args: Parameters<MediaRepository['replace']>) {
        const object = await repo.replace(...args);
        if (!object || !(await repo.publishIfReferenced(object.id))) return object;
        await ctx.contentEvents.recompile();
        return (await repo.get(object.id)) ?? object;
      },
    };
    libraries.set(ctx, lib);
  }
  return lib;
}
