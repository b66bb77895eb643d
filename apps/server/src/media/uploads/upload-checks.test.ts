import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { MAX_MEDIA_IMAGE_BYTES } from '@moxa/core/console/media-contract';
import { detectType } from './file-types.ts';
import { encodeImage, UploadError } from './image-upload.ts';
import { checkSubtitles, checkVideo } from './video-upload.ts';
import { fixture, hasExif, photoWithGps, pixelBomb, pngWithAlpha, SUBTITLES } from './test-files.ts';

const refusal = async (run: () => unknown) => {
  try {
    await run();
  } catch (err) {
    if (err instanceof UploadError) return { message: err.message, tooLarge: err.tooLarge };
    throw err;
  }
  throw new Error('accepted');
};

describe('image uploads (issue #30)', () => {
  it('re-encodes a photo into the build’s variants, upright, without EXIF or GPS', async () => {
    const photo = await photoWithGps();
    const original = (await sharp(photo).metadata()).exif!;
    // The fixture really carries a GPS directory (tag 0x8825 points at it) and the camera's make.
    expect(original.includes(Buffer.from([0x88, 0x25])) || original.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(original.includes(Buffer.from('TestCam'))).toBe(true);
    const image = await encodeImage(photo, 'image/jpeg', 'photo.jpg');
    expect([image.width, image.height]).toEqual([1000, 700]);
    expect(image.files.map((f) => f.suffix.replace(/\.[0-9a-f]{10}\./, '.H.'))).toEqual([
      '.320.H.webp',
      '.320.H.jpg',
      '.640.H.webp',
      '.640.H.jpg',
      '.960.H.webp',
      '.960.H.jpg',
    ]);
    for (const f of image.files) {
      expect(await hasExif(f.bytes), f.suffix).toBe(false);
      expect(f.bytes.includes(Buffer.from('TestCam'))).toBe(false);
      expect((await sharp(f.bytes).metadata()).width).toBe(f.width);
    }
  });

  it('turns a photo upright by its EXIF orientation, and keeps PNG for transparency', async () => {
    const sideways = await sharp({ create: { width: 1000, height: 700, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const upright = await encodeImage(sideways, 'image/jpeg', 'side.jpeg');
    expect([upright.width, upright.height]).toEqual([700, 1000]);
    expect((await sharp(upright.files.at(-1)!.bytes).metadata()).height).toBe(Math.round((1000 * 640) / 700));
    const alpha = await encodeImage(await pngWithAlpha(), 'image/png', 'logo.png');
    expect(alpha.files.map((f) => f.contentType)).toEqual(['image/webp', 'image/png']);
    expect(alpha.files[0]!.width).toBe(320);
  });

  it('refuses a pixel bomb from its header, before any decoding', async () => {
    const bomb = await pixelBomb();
    expect(bomb.length).toBeLessThan(200);
    const toBuffer = vi.spyOn(sharp.prototype, 'toBuffer');
    try {
      expect(await refusal(() => encodeImage(bomb, 'image/png', 'bomb.png'))).toEqual({
        message: '图片尺寸过大（30000×30000，超过 4000 万像素），请缩小后再上传',
        tooLarge: false,
      });
      expect(toBuffer).not.toHaveBeenCalled();
    } finally {
      toBuffer.mockRestore();
    }
  });

  it('refuses oversized and mislabelled files before reading even the header', async () => {
    const png = await pngWithAlpha(40, 30);
    const big = Buffer.concat([png, Buffer.alloc(MAX_MEDIA_IMAGE_BYTES)]);
    const header = vi.spyOn(sharp.prototype, 'metadata');
    const decode = vi.spyOn(sharp.prototype, 'toBuffer');
    try {
      expect((await refusal(() => encodeImage(big, 'image/png', 'big.png'))).tooLarge).toBe(true);
      expect((await refusal(() => encodeImage(png, 'image/jpeg', 'photo.jpg'))).message).toContain('内容是 PNG');
      expect((await refusal(() => encodeImage(Buffer.from('hello, not an image'), 'image/jpeg', 'notes.jpg'))).message).toContain(
        '不是可用的图片',
      );
      expect(header).not.toHaveBeenCalled();
      expect(decode).not.toHaveBeenCalled();
      // The spies do see sharp at work: a good PNG goes through both.
      await encodeImage(png, 'image/png', 'logo.png');
      expect(header).toHaveBeenCalled();
      expect(decode).toHaveBeenCalled();
    } finally {
      header.mockRestore();
      decode.mockRestore();
    }
  });

  it('refuses mislabelled, unsupported and oversized files with a message', async () => {
    const png = await pngWithAlpha(40, 30);
    expect((await refusal(() => encodeImage(png, 'image/jpeg', 'photo.jpg'))).message).toBe(
      '文件“photo.jpg”的内容是 PNG，与文件名或声明的类型不符，请检查后重新选择',
    );
    expect((await refusal(() => encodeImage(png, 'image/png', 'photo.jpg'))).message).toContain('内容是 PNG');
    expect((await refusal(() => encodeImage(Buffer.from('hello, not an image'), 'image/jpeg', 'notes.jpg'))).message).toBe(
      '文件“notes.jpg”不是可用的图片，请上传 JPG、PNG 或 WebP 图片',
    );
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect((await refusal(() => encodeImage(gif, 'image/gif', 'a.gif'))).message).toBe('不支持 GIF 图片，请转换为 JPG、PNG 或 WebP 后上传');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await refusal(() => encodeImage(svg, 'image/svg+xml', 'a.svg'))).message).toContain('不支持 SVG');
    const big = Buffer.concat([png, Buffer.alloc(MAX_MEDIA_IMAGE_BYTES)]);
    expect(await refusal(() => encodeImage(big, 'image/png', 'big.png'))).toEqual({
      message: '图片不能超过 15 MB，请压缩后再上传',
      tooLarge: true,
    });
    const truncated = (await photoWithGps(200, 200)).subarray(0, 300);
    expect((await refusal(() => encodeImage(truncated, 'image/jpeg', 'cut.jpg'))).message).toBe('图片已损坏，无法读取，请换一张');
  });

  it('tells file types by their first bytes', () => {
    expect(detectType(fixture('good.mp4'))).toBe('mp4');
    expect(detectType(Buffer.from('\uFEFFWEBVTT\n\n'))).toBe('vtt');
    expect(detectType(Buffer.from('WEBVTTX'))).toBe('unknown');
    expect(detectType(Buffer.from('<?xml version="1.0"?><svg>'))).toBe('svg');
  });
});

describe('video uploads (issue #30)', () => {
  it('accepts H.264 + AAC with fast start, reading its size and duration', () => {
    const video = checkVideo(fixture('good.mp4'), 'video/mp4', 'clip.mp4');
    expect(video).toMatchObject({ width: 160, height: 90, durationMs: 2000 });
  });

  it.each([
    ['moov-at-end.mp4', '视频的索引在文件末尾'],
    ['mpeg4-video.mp4', '视频编码须为 H.264（AVC），请重新导出后上传'],
    ['too-long.mp4', '视频不能超过 3 分钟，请剪短后再上传'],
    ['with-location.mp4', '视频里含有拍摄地点信息'],
  ])('refuses %s', async (file, message) => {
    expect((await refusal(() => checkVideo(fixture(file), 'video/mp4', 'clip.mp4'))).message).toContain(message);
  });

  it('refuses a video by its first bytes, not its name', async () => {
    expect((await refusal(() => checkVideo(fixture('good.mp4'), 'video/mp4', 'clip.mov'))).message).toContain('内容是 MP4');
    expect((await refusal(() => checkVideo(Buffer.from('not a video at all'), 'video/mp4', 'x.mp4'))).message).toBe(
      '文件“x.mp4”不是可用的视频，请上传 MP4 视频',
    );
    const broken = fixture('good.mp4').subarray(0, 400);
    expect((await refusal(() => checkVideo(broken, 'video/mp4', 'x.mp4'))).message).toBe('视频文件已损坏或不完整，请重新导出后上传');
  });
});

describe('WebVTT subtitles (issue #30)', () => {
  const check = (text: string, duration = 2000) => checkSubtitles(Buffer.from(text), 'text/vtt', 'zh.vtt', duration);

  it('accepts valid subtitles, with identifiers, notes and a BOM', () => {
    expect(check(SUBTITLES).toString()).toBe(SUBTITLES);
    expect(check(`\uFEFFWEBVTT - 中文\r\n\r\nNOTE 说明\r\n\r\n00:01.000 --> 00:01.500 align:start\r\n文字\r\n`).toString()).toBe(
      'WEBVTT - 中文\n\nNOTE 说明\n\n00:01.000 --> 00:01.500 align:start\n文字\n',
    );
  });

  it.each([
    ['no signature', '1\n00:00:00.000 --> 00:00:01.000\n文字\n', '不是 WebVTT 格式'],
    ['no cues', 'WEBVTT\n\n', '字幕文件里没有字幕'],
    ['bad timing', 'WEBVTT\n\n00:00:00,000 --> 00:00:01,000\n文字\n', '字幕第 3 行的时间格式不正确'],
    ['end before start', 'WEBVTT\n\n00:00:01.000 --> 00:00:00.500\n文字\n', '结束时间应晚于开始时间'],
    ['beyond the video', 'WEBVTT\n\n00:00:01.000 --> 00:00:05.000\n文字\n', '超出了视频长度'],
    ['out of order', 'WEBVTT\n\n00:00:01.000 --> 00:00:01.500\n甲\n\n00:00:00.000 --> 00:00:00.500\n乙\n', '请按时间顺序排列'],
    ['empty cue', 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n\n', '没有文字'],
  ])('refuses %s', async (_name, text, message) => {
    expect((await refusal(() => check(text))).message).toContain(message);
  });

  it('refuses text that is not UTF-8', async () => {
    const gbk = Buffer.concat([Buffer.from('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n'), Buffer.from([0xb0, 0xac]), Buffer.from('\n')]);
    expect((await refusal(() => checkSubtitles(gbk, 'text/vtt', 'zh.vtt', 2000))).message).toBe(
      '字幕文件须为 UTF-8 编码，请另存为 UTF-8 后上传',
    );
  });
});
