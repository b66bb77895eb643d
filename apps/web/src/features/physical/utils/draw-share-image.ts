import type { ScaleResult } from '@moxa/core/physical/physical-contract';
import { Chart } from './chart-setup.ts';
import { radarConfig } from './radar-config.ts';
import { wrapText, type ShareText } from './share-layout.ts';

const W = 750;
const PAD = 48;
const FONT =
  "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', sans-serif";
const font = (size: number, weight = 400) => `${weight} ${size}px ${FONT}`;

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** The radar drawn by Chart.js on a detached canvas, at image resolution and without animation. */
function renderRadar(scales: readonly ScaleResult[], size: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const chart = new Chart(canvas, radarConfig(scales, { fontSize: 24, onScreen: false }));
  chart.draw();
  const copy = document.createElement('canvas');
  copy.width = size;
  copy.height = size;
  copy.getContext('2d')!.drawImage(canvas, 0, 0);
  chart.destroy();
  return copy;
}

/** The QR code's box (white, with a quiet zone) and the symbol inside it, in image pixels. */
const QR_BOX = 208;
const QR_QUIET = 14;

/**
 * A QR code of `link` at (x, y) (issue #32 item 6), whole-pixel modules so it stays sharp. The
 * `qrcode` package is loaded here, when a poster is made, never with the page.
 */
async function drawQr(ctx: CanvasRenderingContext2D, link: string, x: number, y: number) {
  const { create } = await import('qrcode');
  const { modules } = create(link, { errorCorrectionLevel: 'M' });
  const cell = Math.floor((QR_BOX - QR_QUIET * 2) / modules.size);
  const offset = Math.floor((QR_BOX - cell * modules.size) / 2);
  ctx.fillStyle = '#ffffff';
  roundRect(ctx, x, y, QR_BOX, QR_BOX, 16);
  ctx.fill();
  ctx.fillStyle = '#2b211c';
  for (let r = 0; r < modules.size; r++)
    for (let c = 0; c < modules.size; c++) if (modules.get(r, c)) ctx.fillRect(x + offset + c * cell, y + offset + r * cell, cell, cell);
}

/**
 * The share image of issue #5 (title, type, conclusion, the radar, date, app name) with a QR code to
 * come back by (issue #32 item 6), as a PNG data URL for an <img> — WeChat offers 保存/发送 and
 * 识别图中二维码 on a long press of an image, not of a canvas.
 */
export async function drawShareImage(text: ShareText, scales: readonly ScaleResult[]): Promise<string> {
  const measureCanvas = document.createElement('canvas').getContext('2d')!;
  const inner = W - PAD * 2 - 48;
  measureCanvas.font = font(28);
  const summaryLines = wrapText(text.summary, inner, (s) => measureCanvas.measureText(s).width, 3);
  measureCanvas.font = font(30, 600);
  const conclusionLines = wrapText(text.conclusion, inner, (s) => measureCanvas.measureText(s).width, 4);

  const radarSize = 560;
  const cardTop = 150;
  const cardHeaderH = 64 + 88 + summaryLines.length * 42 + 24 + conclusionLines.length * 44 + 32;
  const cardH = cardHeaderH + radarSize + 40;
  const footTop = cardTop + cardH + 40;
  const H = footTop + QR_BOX + 84;

  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d')!;
  ctx.textBaseline = 'alphabetic';

  const bg = ctx.createLinearGradient(0, 0, 0, H);
  bg.addColorStop(0, '#f3d9c6');
  bg.addColorStop(0.35, '#faf5ef');
  bg.addColorStop(1, '#faf5ef');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, W, H);

  ctx.fillStyle = '#8a3d1c';
  ctx.font = font(40, 600);
  ctx.textAlign = 'center';
  ctx.fillText(text.title, W / 2, 88);
  ctx.fillStyle = '#6b5a50';
  ctx.font = font(24);
  ctx.fillText(text.date, W / 2, 128);

  ctx.fillStyle = '#ffffff';
  ctx.shadowColor = 'rgba(80, 50, 30, 0.12)';
  ctx.shadowBlur = 16;
  roundRect(ctx, PAD, cardTop, W - PAD * 2, cardH, 28);
  ctx.fill();
  ctx.shadowBlur = 0;

  let y = cardTop + 64;
  ctx.fillStyle = '#6b5a50';
  ctx.font = font(26);
  ctx.fillText(text.label, W / 2, y);
  y += 80;
  ctx.fillStyle = '#b4532a';
  ctx.font = font(64, 700);
  ctx.fillText(text.typeName, W / 2, y);
  y += 8;
  ctx.fillStyle = '#6b5a50';
  ctx.font = font(28);
  for (const line of summaryLines) {
    y += 42;
    ctx.fillText(line, W / 2, y);
  }
  y += 24;
  ctx.fillStyle = '#2b211c';
  ctx.font = font(30, 600);
  for (const line of conclusionLines) {
    y += 44;
    ctx.fillText(line, W / 2, y);
  }
  y += 32;

  ctx.drawImage(renderRadar(scales, radarSize), (W - radarSize) / 2, y);

  // The foot: the app's name and what the code does on the left, the code on the right.
  await drawQr(ctx, text.link, W - PAD - QR_BOX, footTop);
  ctx.textAlign = 'left';
  ctx.fillStyle = '#b4532a';
  ctx.font = font(40, 700);
  ctx.fillText(text.appName, PAD + 8, footTop + 84);
  ctx.fillStyle = '#4a3b33';
  ctx.font = font(26);
  const captionWidth = W - PAD * 2 - QR_BOX - 32;
  wrapText(text.qrCaption, captionWidth, (s) => ctx.measureText(s).width, 2).forEach((line, i) =>
    ctx.fillText(line, PAD + 8, footTop + 136 + i * 38),
  );
  ctx.textAlign = 'center';
  ctx.fillStyle = '#75655b';
  ctx.font = font(22);
  ctx.fillText(text.hint, W / 2, H - 34);

  return canvas.toDataURL('image/png');
}
