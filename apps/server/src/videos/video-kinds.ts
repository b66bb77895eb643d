import type { MediaImage } from '@moxa/core/media/media-contract';
import { pinyinOf } from '@moxa/core/search/pinyin';
import { VideoContentSchema, type VideoContent } from '@moxa/core/videos/video-contract';
import { ContentError, defineKind, readMarkdownItems, type ContentItem, type MarkdownFields } from '../content/content-kind.ts';
import { mediaFileUrl, MediaError } from '../media/media-library.ts';
import { contentImage } from '../products/product-kinds.ts';

/** Video center (issue #16): each video with its files resolved to their served, hashed URLs. */
export type VideoRecord = VideoContent & MarkdownFields & { videoUrl: string; subtitlesUrl: string; posterImage: MediaImage };

function fileUrl(dir: string, file: string, src: string): string {
  try {
    return mediaFileUrl(dir, src);
  } catch (err) {
    if (err instanceof MediaError) throw new ContentError(`Invalid content in ${file}: ${err.message}`);
    throw err;
  }
}

export const videoKind = defineKind<VideoRecord>({
  name: 'video',
  public: { title: (v) => v.title },
  edit: {
    label: '视频',
    schema: VideoContentSchema,
    creatable: true,
    note: '编辑视频的文字；视频文件、字幕和封面从媒体库选（content/media）',
    paths: (id) => [`/video_detail/${encodeURIComponent(id)}`],
  },
  read: (dir) =>
    readMarkdownItems(dir, 'videos', VideoContentSchema).map((item): ContentItem<VideoRecord> => ({
      ...item,
      data: {
        ...item.data,
        videoUrl: fileUrl(dir, item.file, item.data.video),
        subtitlesUrl: fileUrl(dir, item.file, item.data.subtitles),
        posterImage: contentImage(dir, item.file, { src: item.data.poster, alt: item.data.title }),
      },
    })),
  refs: (v) => [
    ...v.acupoints.map((id) => ({ kind: 'acupoint', id })),
    ...v.products.map((id) => ({ kind: 'product', id })),
    ...v.diseases.map((id) => ({ kind: 'disease', id })),
    ...v.links,
  ],
  search: (v) => ({
    id: v.id,
    name: v.title,
    pinyin: pinyinOf(v.title),
    codes: [],
    keywords: [v.summary],
    title: v.title,
    summary: v.summary,
  }),
});
