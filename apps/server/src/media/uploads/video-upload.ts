import { createHash } from 'node:crypto';
import { createFile, Log, MP4BoxBuffer, type Movie } from 'mp4box';
import { MAX_MEDIA_SUBTITLE_BYTES, MAX_MEDIA_VIDEO_BYTES, MAX_MEDIA_VIDEO_SECONDS } from '@moxa/core/console/media-contract';
import { declaredMismatch, detectType, typeName } from './file-types.ts';
import { UploadError } from './image-upload.ts';

Log.setLogLevel(Log.error);

export type CheckedVideo = { width: number; height: number; durationMs: number; sha256: string };

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Boxes that carry where a clip was shot: QuickTime ©xyz and 3GPP loci (Apple's location key is a string in `keys`). */
const LOCATION_BOXES = [Buffer.from([0xa9, 0x78, 0x79, 0x7a]), Buffer.from('loci')];
const APPLE_LOCATION_KEY = Buffer.from('com.apple.quicktime.location');

/** Whether the movie header holds a location: a box of that type (a plausible size before it), or Apple's key. */
function hasLocation(header: Buffer): boolean {
  if (header.includes(APPLE_LOCATION_KEY)) return true;
  for (const type of LOCATION_BOXES) {
    for (let i = header.indexOf(type, 4); i !== -1; i = header.indexOf(type, i + 1)) {
      const size = header.readUInt32BE(i - 4);
      if (size >= 8 && size <= header.length - (i - 4)) return true;
    }
  }
  return false;
}

/** The movie's structure as mp4box reads it: box headers and sample tables only, never a frame. */
function readMovie(input: Buffer): { info: Movie | null; headerEnd: number } {
  const file = createFile(false);
  let info: Movie | null = null;
  let failed = false;
  file.onReady = (movie) => {
    info = movie;
  };
  file.onError = () => {
    failed = true;
  };
  const own =
    input.byteOffset === 0 && input.byteLength === input.buffer.byteLength
      ? (input.buffer as ArrayBuffer)
      : input.buffer.slice(input.byteOffset, input.byteOffset + input.byteLength);
  try {
    file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(own as ArrayBuffer, 0), true);
    file.flush();
  } catch {
    failed = true;
  }
  const firstMdat = file.mdats[0]?.start ?? input.length;
  return { info: failed ? null : info, headerEnd: Math.min(firstMdat, input.length) };
}

/**
 * Issue #30: a video is checked without decoding a frame — its type from the magic number (against
 * the declared type and name), its size, then its structure with mp4box: an MP4 whose index (moov)
 * comes before the media data (fast start: a phone plays it while it downloads), one H.264 video
 * track, AAC audio if it has sound, a duration within MAX_MEDIA_VIDEO_SECONDS, and no shooting
 * location in its metadata. It is stored as uploaded (the server does not transcode).
 */
export function checkVideo(input: Buffer, mimetype: string, filename: string): CheckedVideo {
  if (input.length > MAX_MEDIA_VIDEO_BYTES) throw new UploadError(`视频不能超过 ${mb(MAX_MEDIA_VIDEO_BYTES)}，请压缩后再上传`, true);
  const detected = detectType(input);
  if (detected === 'mov') throw new UploadError('不支持 MOV 视频，请导出为 MP4（H.264 视频、AAC 音频）后上传');
  if (detected !== 'mp4')
    throw new UploadError(
      detected === 'unknown'
        ? `文件“${filename}”不是可用的视频，请上传 MP4 视频`
        : `文件“${filename}”是 ${typeName(detected)}，不是 MP4 视频`,
    );
  const mismatch = declaredMismatch(detected, mimetype, filename);
  if (mismatch) throw new UploadError(mismatch);
  const { info, headerEnd } = readMovie(input);
  if (!info || !info.hasMoov) throw new UploadError('视频文件已损坏或不完整，请重新导出后上传');
  if (!info.isProgressive)
    throw new UploadError('视频的索引在文件末尾，手机上要下载完才能播放；请导出时勾选“快速启动（Fast Start）”或“为网络优化”后再上传');
  const video = info.videoTracks;
  if (video.length !== 1) throw new UploadError(video.length === 0 ? '视频里没有画面轨道' : '视频只能有一条画面轨道');
  if (!/^avc[13]\./.test(video[0]!.codec)) throw new UploadError('视频编码须为 H.264（AVC），请重新导出后上传');
  if (info.audioTracks.length > 1) throw new UploadError('视频只能有一条声音轨道');
  if (info.audioTracks.some((a) => !/^mp4a\.40\./.test(a.codec))) throw new UploadError('视频的声音须为 AAC 编码，请重新导出后上传');
  const durationMs = info.timescale > 0 ? Math.round((info.duration / info.timescale) * 1000) : 0;
  if (durationMs <= 0) throw new UploadError('无法读取视频时长，请重新导出后上传');
  if (durationMs > MAX_MEDIA_VIDEO_SECONDS * 1000)
    throw new UploadError(`视频不能超过 ${MAX_MEDIA_VIDEO_SECONDS / 60} 分钟，请剪短后再上传`);
  if (hasLocation(input.subarray(0, headerEnd)))
    throw new UploadError('视频里含有拍摄地点信息，请用剪辑软件导出（不保留位置信息）后再上传');
  const width = video[0]!.video?.width || Math.round(video[0]!.track_width);
  const height = video[0]!.video?.height || Math.round(video[0]!.track_height);
  if (!width || !height) throw new UploadError('无法读取视频画面尺寸，请重新导出后上传');
  return { width, height, durationMs, sha256: createHash('sha256').update(input).digest('hex') };
}

const TIMING = /^((?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3})[ \t]+-->[ \t]+((?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3})(?:[ \t]+.*)?$/;
const toMs = (t: string) => {
  const parts = t.split(':').map(Number);
  const [h, m, s] = parts.length === 3 ? parts : [0, ...parts];
  return Math.round(((h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0)) * 1000);
};

/**
 * Subtitles (WebVTT) for an uploaded video, checked line by line (W3C WebVTT: the signature, blocks
 * separated by blank lines, cues with `start --> end` timings): UTF-8 text, at least one cue, each
 * ending after it starts, in order, and within the video (one second of slack). Returns the text
 * with a normalised line ending, as it will be served.
 */
export function checkSubtitles(input: Buffer, mimetype: string, filename: string, durationMs: number): Buffer {
  if (input.length > MAX_MEDIA_SUBTITLE_BYTES) throw new UploadError(`字幕文件不能超过 ${MAX_MEDIA_SUBTITLE_BYTES / 1024} KB`, true);
  if (detectType(input) !== 'vtt') throw new UploadError(`字幕文件“${filename}”不是 WebVTT 格式（第一行应为 WEBVTT）`);
  const mismatch = declaredMismatch('vtt', mimetype, filename);
  if (mismatch) throw new UploadError(mismatch);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(input);
  if (text.includes('\uFFFD')) throw new UploadError('字幕文件须为 UTF-8 编码，请另存为 UTF-8 后上传');
  if (text.includes('\0')) throw new UploadError('字幕文件含有无效字符');
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let cues = 0;
  let lastStart = 0;
  let i = 1;
  // Header: the rest of the signature block.
  while (i < lines.length && lines[i] !== '') i++;
  while (i < lines.length) {
    while (i < lines.length && lines[i] === '') i++;
    if (i >= lines.length) break;
    const blockStart = i;
    const first = lines[i]!;
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first)) {
      while (i < lines.length && lines[i] !== '') i++;
      continue;
    }
    let timing = first;
    if (!first.includes('-->')) {
      // A cue identifier, then the timing line.
      i++;
      timing = lines[i] ?? '';
    }
    const m = TIMING.exec(timing);
    if (!m) throw new UploadError(`字幕第 ${i + 1} 行的时间格式不正确，应为“00:00:01.000 --> 00:00:04.000”`);
    const start = toMs(m[1]!);
    const end = toMs(m[2]!);
    if (end <= start) throw new UploadError(`字幕第 ${i + 1} 行的结束时间应晚于开始时间`);
    if (start < lastStart) throw new UploadError(`字幕第 ${i + 1} 行的开始时间早于上一条，请按时间顺序排列`);
    if (end > durationMs + 1000) throw new UploadError(`字幕第 ${i + 1} 行的时间超出了视频长度`);
    lastStart = start;
    i++;
    let payload = 0;
    while (i < lines.length && lines[i] !== '') {
      if (lines[i]!.includes('-->')) throw new UploadError(`字幕第 ${i + 1} 行：字幕之间需要空一行`);
      payload++;
      i++;
    }
    if (payload === 0) throw new UploadError(`字幕第 ${blockStart + 1} 行起的一条字幕没有文字`);
    cues++;
  }
  if (cues === 0) throw new UploadError('字幕文件里没有字幕');
  return Buffer.from(`${lines.join('\n').trimEnd()}\n`, 'utf8');
}
