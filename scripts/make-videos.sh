#!/usr/bin/env bash
# make-videos.sh — regenerates the video center's files (issue #16) from media-src/videos/.
#
#   scripts/make-videos.sh            # every video (each folder of media-src/videos with a scenes.json)
#   scripts/make-videos.sh <id> ...   # only these
#
# Needs ffmpeg/ffprobe (libx264, aac), espeak-ng (its Mandarin voice cmn-latn-pinyin) and Node with the
# repository's dependencies installed (sharp to draw the SVG scenes, pinyin-pro to give the voice
# tone-marked pinyin, so characters with several readings are read as in context). A fresh clone never
# needs to run it: the outputs are committed.
#
# Sources, per video: media-src/videos/<id>/scene-N.svg (1280×720 drawings, no text) and scenes.json:
#   { "id", "poster": "scene-N.svg", "scenes": [{ "image", "seconds", "motion": in|out|left|right|still, "text" }] }
# "text" is both the narration and the subtitle of the scene; "seconds" is how long the scene shows
# (the narration must fit in it, or the script stops and says so).
#
# Outputs, per video, in content/media/videos/:
#   <id>.mp4          H.264 main, yuv420p, 1280×720, 25 fps, CRF 30 (gentle pan/zoom, cross-fades);
#                     AAC mono 64 kb/s; fast start. Must be ≤ 2 MB and 20–90 s long.
#   <id>.vtt          WebVTT, one cue per scene, timed to the scenes.
#   <id>-poster.svg   a copy of the poster scene.
# Running it again gives the same files (idempotent).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
for tool in ffmpeg ffprobe espeak-ng node; do
  command -v "$tool" >/dev/null || { echo "make-videos: $tool is needed (apt-get install ffmpeg espeak-ng)" >&2; exit 1; }
done
espeak-ng --voices=cmn | grep -q cmn-latn-pinyin || { echo "make-videos: espeak-ng has no cmn-latn-pinyin voice" >&2; exit 1; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$ROOT"

ROOT="$ROOT" WORK="$WORK" node --input-type=module - "$@" <<'NODE'
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = process.env.ROOT;
const WORK = process.env.WORK;
const require = createRequire(join(ROOT, 'package.json'));
const sharp = require('sharp');
const { pinyin, customPinyin } = require('pinyin-pro');

const SRC = join(ROOT, 'media-src/videos');
const OUT = join(ROOT, 'content/media/videos');
const FPS = 25;
const FADE = 0.6; // seconds of cross-fade between scenes
const SCALE = 3; // scenes are drawn at 3× and panned/zoomed down to 1280×720, so motion is smooth
const LEAD = 0.35; // the narration starts this long after its scene
const MAX_BYTES = 2 * 1024 * 1024;
mkdirSync(OUT, { recursive: true });

const run = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
const duration = (file) =>
  Number(run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).trim());

// --- Narration: Chinese text → words the Mandarin voice reads well ----------------------------------
const DIGITS = '零一二三四五六七八九';
function integer(n) {
  if (n < 10) return DIGITS[n];
  if (n < 100) return (n >= 20 ? DIGITS[Math.floor(n / 10)] : '') + '十' + (n % 10 ? DIGITS[n % 10] : '');
  if (n < 1000) {
    const rest = n % 100;
    return DIGITS[Math.floor(n / 100)] + '百' + (rest === 0 ? '' : rest < 10 ? '零' + DIGITS[rest] : rest < 20 ? '一' + integer(rest) : integer(rest));
  }
  return String(n).split('').map((d) => DIGITS[d]).join('');
}
const MEASURE = /^(?:～|个|小时|条|次|天|支|层|步|分钟)/;
function spokenNumbers(text) {
  return text
    .replace(/拨打(\d+)/g, (_, d) => '拨打' + d.split('').map((x) => (x === '1' ? '幺' : DIGITS[x])).join(''))
    .replace(/(\d+)\.(\d+)/g, (_, a, b) => integer(Number(a)) + '点' + b.split('').map((x) => DIGITS[x]).join(''))
    .replace(/\d+/g, (m, at, all) => (m === '2' && MEASURE.test(all.slice(at + 1)) ? '两' : integer(Number(m))))
    .replace(/℃/g, '度')
    .replace(/～/g, '到');
}
// Readings pinyin-pro gets wrong in these scripts (acupoint names, verbs).
customPinyin({
  肺俞: 'fèi shù',
  中暑: 'zhòng shǔ',
  咳喘: 'ké chuǎn',
  筛子: 'shāi zi',
  衣服: 'yī fu',
  铺: 'pū',
  长条: 'cháng tiáo',
  好学: 'hǎo xué',
});
function speech(text) {
  const spoken = spokenNumbers(text).replace(/[“”‘’《》]/g, '');
  return pinyin(spoken, { toneType: 'num', type: 'array', nonZh: 'consecutive', v: true })
    .map((s) => s.replace(/[，、；：]/g, ', ').replace(/[。！？]/g, '. '))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

// --- Subtitles --------------------------------------------------------------------------------------
const stamp = (t) => {
  const ms = Math.round(t * 1000);
  const p = (n, w = 2) => String(n).padStart(w, '0');
  return `${p(Math.floor(ms / 3600000))}:${p(Math.floor(ms / 60000) % 60)}:${p(Math.floor(ms / 1000) % 60)}.${p(ms % 1000, 3)}`;
};
/** Long lines wrap once, after a punctuation mark near the middle. */
function wrap(text) {
  if ([...text].length <= 20) return text;
  const marks = [...text.matchAll(/[，、；：。]/g)].filter((m) => m.index + 1 < text.length);
  if (!marks.length) return text;
  // Prefer the end of a sentence or clause (。；) a little over a comma.
  const cost = (m) => Math.abs(m.index + 1 - text.length / 2) - (/[。；]/.test(m[0]) ? text.length / 6 : 0);
  const at = marks.reduce((a, b) => (cost(b) < cost(a) ? b : a)).index + 1;
  return text.slice(0, at) + '\n' + text.slice(at);
}

// --- Motion (Ken Burns) -------------------------------------------------------------------------------
function zoompan(motion, frames) {
  const t = `(on/${Math.max(frames - 1, 1)})`;
  const centre = { x: 'iw/2-(iw/zoom/2)', y: 'ih/2-(ih/zoom/2)' };
  const m = {
    in: { z: `1+0.05*${t}`, ...centre },
    out: { z: `1.05-0.05*${t}`, ...centre },
    right: { z: '1.06', x: `(iw-iw/zoom)*${t}`, y: centre.y },
    left: { z: '1.06', x: `(iw-iw/zoom)*(1-${t})`, y: centre.y },
    still: { z: '1', x: '0', y: '0' },
  }[motion ?? 'in'];
  if (!m) throw new Error(`unknown motion "${motion}"`);
  return `zoompan=z='${m.z}':x='${m.x}':y='${m.y}':d=${frames}:s=1280x720:fps=${FPS}`;
}

async function make(id) {
  const dir = join(SRC, id);
  const spec = JSON.parse(readFileSync(join(dir, 'scenes.json'), 'utf8'));
  if (spec.id !== id) throw new Error(`${id}/scenes.json: id is "${spec.id}"`);
  const scenes = spec.scenes;
  const tmp = join(WORK, id);
  mkdirSync(tmp, { recursive: true });

  const inputs = [];
  const vf = [];
  const af = [];
  let start = 0;
  const cues = [];
  for (const [i, s] of scenes.entries()) {
    if (!(s.seconds > 0) || !s.text) throw new Error(`${id} scene ${i + 1}: needs seconds and text`);
    // Drawing → PNG at 3×.
    const png = join(tmp, `scene-${i + 1}.png`);
    await sharp(join(dir, s.image), { density: 72 * SCALE })
      .resize(1280 * SCALE, 720 * SCALE)
      .flatten({ background: '#faf5ef' })
      .png()
      .toFile(png);
    // Narration.
    const wav = join(tmp, `scene-${i + 1}.wav`);
    run('espeak-ng', ['-v', 'cmn-latn-pinyin', '-s', '150', '-w', wav, speech(s.text)]);
    const spoken = duration(wav);
    if (spoken + LEAD + 0.4 > s.seconds)
      throw new Error(`${id} scene ${i + 1}: narration is ${spoken.toFixed(2)} s, give the scene at least ${Math.ceil(spoken + LEAD + 0.4)} s`);
    const last = i === scenes.length - 1;
    const frames = Math.round((s.seconds + (last ? 0 : FADE)) * FPS);
    inputs.push('-i', png);
    vf.push(`[${2 * i}:v]format=yuv420p,${zoompan(s.motion, frames)},setsar=1[v${i}]`);
    inputs.push('-i', wav);
    af.push(`[${2 * i + 1}:a]aresample=44100,adelay=${Math.round(LEAD * 1000)}:all=1,apad=whole_dur=${s.seconds},atrim=0:${s.seconds}[a${i}]`);
    cues.push(`${stamp(start)} --> ${stamp(start + s.seconds)}\n${wrap(s.text)}`);
    start += s.seconds;
  }
  // Cross-fades: scene i (longer by FADE) fades into scene i+1 at the moment scene i+1 begins.
  let chain = '[v0]';
  let offset = 0;
  for (let i = 1; i < scenes.length; i++) {
    offset += scenes[i - 1].seconds;
    const out = i === scenes.length - 1 ? '[vout]' : `[x${i}]`;
    vf.push(`${chain}[v${i}]xfade=transition=fade:duration=${FADE}:offset=${offset.toFixed(3)}${out}`);
    chain = out;
  }
  if (scenes.length === 1) vf.push('[v0]null[vout]');
  af.push(`${scenes.map((_, i) => `[a${i}]`).join('')}concat=n=${scenes.length}:v=0:a=1,volume=1.4,alimiter=limit=0.6:level=0[aout]`);

  const mp4 = join(OUT, `${id}.mp4`);
  run('ffmpeg', [
    '-y', '-v', 'error', ...inputs,
    '-filter_complex', [...vf, ...af].join(';'),
    '-map', '[vout]', '-map', '[aout]',
    '-c:v', 'libx264', '-preset', 'slow', '-tune', 'animation', '-crf', '30', '-profile:v', 'main', '-pix_fmt', 'yuv420p',
    '-r', String(FPS), '-g', String(FPS * 5),
    '-c:a', 'aac', '-b:a', '64k', '-ac', '1', '-ar', '44100',
    '-t', start.toFixed(3),
    '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact',
    '-movflags', '+faststart',
    mp4,
  ]);
  writeFileSync(join(OUT, `${id}.vtt`), `WEBVTT\n\n${cues.map((c, i) => `${i + 1}\n${c}`).join('\n\n')}\n`);
  copyFileSync(join(dir, spec.poster ?? 'scene-1.svg'), join(OUT, `${id}-poster.svg`));

  const size = statSync(mp4).size;
  const real = duration(mp4);
  const problems = [];
  if (size > MAX_BYTES) problems.push(`${size} bytes is over 2 MB`);
  if (real < 20 || real > 90) problems.push(`${real.toFixed(2)} s is not 20–90 s`);
  console.log(`${id}: ${real.toFixed(2)} s (front matter duration: ${Math.round(real)}), ${(size / 1024).toFixed(0)} KB, ${scenes.length} scenes`);
  if (problems.length) throw new Error(`${id}: ${problems.join('; ')}`);
}

const wanted = process.argv.slice(2);
const ids = wanted.length
  ? wanted
  : readdirSync(SRC).filter((d) => existsSync(join(SRC, d, 'scenes.json'))).sort();
for (const id of ids) {
  if (!existsSync(join(SRC, id, 'scenes.json'))) throw new Error(`no media-src/videos/${id}/scenes.json`);
  await make(id);
}
NODE
