/**
 * `node scripts/build-media.ts [contentDir] [outDir]` (issue #14 §3, decision 015): writes every media
 * output planned by apps/server/src/media/media-library.ts — WebP plus a PNG/JPEG fallback at a few
 * widths for each image (sharp), hashed copies of videos and subtitles — into the web build's media/
 * folder, which the server serves. Runs as part of `npm run build`; the server never needs sharp.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import sharp from 'sharp';
import { MEDIA_FOLDER, planMedia, type MediaOutput } from '../apps/server/src/media/media-library.ts';

const ROOT = new URL('../', import.meta.url).pathname;

async function render(contentDir: string, out: Extract<MediaOutput, { kind: 'image' }>, file: string) {
  const source = readFileSync(join(contentDir, MEDIA_FOLDER, out.src));
  const vector = out.src.endsWith('.svg');
  let image = sharp(source, vector ? { density: 72 * 4 } : {}).resize({ width: out.width, withoutEnlargement: !vector });
  if (out.format === 'webp') image = image.webp({ quality: 82, effort: 5 });
  else if (out.format === 'png') image = image.png({ compressionLevel: 9, palette: true, quality: 90 });
  else image = image.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true });
  await image.toFile(file);
}

export async function buildMedia(contentDir: string, outDir: string): Promise<{ written: number; kept: number; removed: number }> {
  const plan = planMedia(contentDir);
  const wanted = new Set(plan.map((o) => join(outDir, o.url.slice('/media/'.length))));
  let written = 0;
  let kept = 0;
  for (const out of plan) {
    const file = join(outDir, out.url.slice('/media/'.length));
    // Names carry the original's hash: an existing output is already right.
    if (existsSync(file)) {
      kept++;
      continue;
    }
    mkdirSync(dirname(file), { recursive: true });
    if (out.kind === 'copy') copyFileSync(join(contentDir, MEDIA_FOLDER, out.src), file);
    else await render(contentDir, out, file);
    written++;
  }
  let removed = 0;
  const sweep = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) sweep(path);
      else if (!wanted.has(path)) {
        rmSync(path);
        removed++;
      }
    }
  };
  sweep(outDir);
  return { written, kept, removed };
}

if (import.meta.main) {
  const contentDir = process.argv[2] ?? join(ROOT, 'content');
  const outDir = process.argv[3] ?? join(ROOT, 'apps/web/dist/media');
  const { written, kept, removed } = await buildMedia(contentDir, outDir);
  console.log(`media: ${written} written, ${kept} unchanged, ${removed} removed → ${relative(ROOT, outDir) || outDir}`);
}
