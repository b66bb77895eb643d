import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * Files for the upload tests (issue #30). The videos are tiny clips made once with ffmpeg and kept in
 * fixtures/ (the machine running the tests needs no ffmpeg):
 *   good.mp4          H.264 + AAC, 2 s, fast start        (-movflags +faststart)
 *   moov-at-end.mp4   the same without fast start
 *   mpeg4-video.mp4   MPEG-4 Part 2 video (not H.264)
 *   too-long.mp4      H.264, 181 s (the cap is 180), 16×16 at 1 fps
 *   with-location.mp4 H.264 with a ©xyz shooting location (-metadata location=…)
 */
export const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

export const SUBTITLES = 'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.000\n点燃艾条\n\n00:00:01.000 --> 00:00:02.000\n慢慢移动艾条\n';

/** A photo with EXIF: the camera's make and a GPS position (IFD3 is libvips' name for the GPS directory). */
export async function photoWithGps(width = 1000, height = 700): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#b4532a' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 22/1', GPSLongitudeRef: 'E', GPSLongitude: '139/1 41/1 30/1' },
    })
    .toBuffer();
}

export async function pngWithAlpha(width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 180, g: 83, b: 42, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** A tiny, valid-looking PNG whose header declares width × height (a decompression bomb's shape). */
export async function pixelBomb(width = 30_000, height = 30_000): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer(),
  );
  // IHDR: length at 8, type at 12, width at 16, height at 20, CRC over type+data at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/** Whether a JPEG/WebP/PNG carries an EXIF block at all. */
export async function hasExif(bytes: Buffer): Promise<boolean> {
  return (await sharp(bytes).metadata()).exif !== undefined;
}

/** A multipart/form-data body for app.inject. */
export function multipart(parts: ({ name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer })[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----moxa${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
        ),
      );
      chunks.push(p.bytes, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
