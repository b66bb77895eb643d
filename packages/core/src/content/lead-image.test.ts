import { describe, expect, it } from 'vitest';
import type { MediaImage } from '../media/media-contract.ts';
import { leadImage } from './lead-image.ts';
import type { HastNode, RichText } from './rich-text.ts';

const image = (name: string): MediaImage => ({
  src: `notices/${name}.svg`,
  width: 640,
  height: 400,
  alt: name,
  webp: [{ width: 320, url: `/media/notices/${name}.320.webp` }],
  fallback: [{ width: 320, url: `/media/notices/${name}.320.png` }],
  vector: `/media/notices/${name}.abc.svg`,
});
const p = (text: string): HastNode => ({ type: 'element', tagName: 'p', children: [{ type: 'text', value: text }] });
const h2 = (text: string): HastNode => ({ type: 'element', tagName: 'h2', children: [{ type: 'text', value: text }] });
// As apps/server content/markdown.ts builds a lone picture: a figure with the described image and its caption.
const figure = (name: string): HastNode => ({
  type: 'element',
  tagName: 'figure',
  children: [
    { type: 'element', tagName: 'img', properties: { alt: name, dataMedia: JSON.stringify(image(name)) }, children: [] },
    { type: 'element', tagName: 'figcaption', children: [{ type: 'text', value: name }] },
  ],
});
// The parser keeps the line breaks between blocks as text nodes: they are not blocks.
const text = (...blocks: HastNode[]): RichText => ({ type: 'root', children: blocks.flatMap((b) => [b, { type: 'text', value: '\n' }]) });

/** Issue #33: the picture a text that opens its page shows on the first screen. */
describe('leadImage', () => {
  it('is the first picture among the first three blocks, as the media library described it', () => {
    expect(leadImage(text(p('温和灸是…'), h2('操作步骤'), figure('mild-moxa'), figure('later')))).toEqual(image('mild-moxa'));
    expect(leadImage(text(figure('first'), p('…')))).toEqual(image('first'));
  });

  it('is none when the first picture comes later, or the text has none', () => {
    expect(leadImage(text(p('一'), p('二'), h2('三'), figure('late')))).toBeNull();
    expect(leadImage(text(p('一'), h2('二')))).toBeNull();
    expect(leadImage({ type: 'root', children: [] })).toBeNull();
  });
});
