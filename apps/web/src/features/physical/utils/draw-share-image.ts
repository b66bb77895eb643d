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

/**
 * The share image of issue #5 (title, type, conclusion, the radar, date, app name), as a PNG data
 * URL for an <img> — WeChat offers 保存/发送 on a long press of an image, not of a canvas.
 */
export function drawShareImage(text: ShareText, scales: readonly ScaleResult[]): string {
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
  const H = cardTop + cardH + 150;

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

  ctx.fillStyle = '#b4532a';
  ctx.font = font(34, 700);
  ctx.fillText(text.appName, W / 2, H - 86);
  ctx.fillStyle = '#8d7b70';
  ctx.font = font(22);
  ctx.fillText(text.hint, W / 2, H - 46);

  return canvas.toDataURL('image/png');
}
