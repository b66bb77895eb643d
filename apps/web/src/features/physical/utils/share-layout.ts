import type { PhysicalResult } from '@moxa/core/physical/physical-contract';
import { formatDate } from './format.ts';
import { headline } from './result-text.ts';

/**
 * Greedy line breaking for canvas text (Chinese breaks between any two characters). `measure`
 * returns the drawn width, so this stays pure and testable; a line never ends in a full-width
 * comma/period moved off the next line (simple 避头 rule: punctuation stays with the line before).
 */
export function wrapText(text: string, maxWidth: number, measure: (s: string) => number, maxLines = Infinity): string[] {
  const noStart = new Set('，。、；：！？）」』”'.split(''));
  const lines: string[] = [];
  let line = '';
  for (const ch of [...text]) {
    if (line && measure(line + ch) > maxWidth && !noStart.has(ch)) {
      lines.push(line);
      line = ch;
    } else {
      line += ch;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    let last = kept[maxLines - 1]!;
    while (last && measure(`${last}…`) > maxWidth) last = [...last].slice(0, -1).join('');
    kept[maxLines - 1] = `${last}…`;
    return kept;
  }
  return lines;
}

export type ShareText = {
  title: string;
  label: string;
  typeName: string;
  summary: string;
  conclusion: string;
  date: string;
  appName: string;
  hint: string;
  /** Issue #32 item 6: the poster's QR code leads here, so whoever sees it can come and take the test. */
  link: string;
  qrCaption: string;
};

/**
 * Every text on the share image (issue #5: title, type, conclusion, the radar, date, app name), and
 * the address of its QR code (issue #32 item 6).
 */
export function shareText(input: {
  result: PhysicalResult;
  createdAt: string;
  summary?: string;
  appName: string;
  link: string;
}): ShareText {
  return {
    title: '我的中医体质测试结果',
    label: input.result.primary ? '我的体质' : '测试结论',
    typeName: headline(input.result),
    summary: input.summary ?? '',
    conclusion: `判定结果：${input.result.conclusion}`,
    date: `测试日期：${formatDate(input.createdAt)}`,
    appName: input.appName,
    hint: '依据《中医体质分类与判定》标准 · 仅供健康参考',
    link: input.link,
    qrCaption: '长按识别二维码，测测您的体质',
  };
}
