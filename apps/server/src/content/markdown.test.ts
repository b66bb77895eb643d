import { describe, expect, it } from 'vitest';
import type { MediaImage } from '@moxa/core/media/media-contract';
import { MarkdownError, renderMarkdown } from './markdown.ts';

const described = (src: string, alt: string): MediaImage => ({
  src,
  width: 640,
  height: 400,
  alt,
  webp: [{ width: 320, url: `/media/${src}.320.webp` }],
  fallback: [{ width: 320, url: `/media/${src}.320.png` }],
});

describe('content Markdown images (issue #14 §2, §3)', () => {
  it('turns an image on its own line into a figure captioned by its description, carrying its size and variants', () => {
    const tree = renderMarkdown('看图：\n\n![温和灸示意](media:notices/mild.svg)\n', described);
    const figure = tree.children[1];
    expect(figure).toMatchObject({ type: 'element', tagName: 'figure' });
    if (figure?.type !== 'element') throw new Error('no figure');
    const [img, caption] = figure.children;
    expect(img).toMatchObject({ tagName: 'img', properties: { alt: '温和灸示意' } });
    expect(JSON.parse(String(img?.type === 'element' && img.properties?.dataMedia))).toEqual(described('notices/mild.svg', '温和灸示意'));
    expect(caption).toMatchObject({ tagName: 'figcaption', children: [{ type: 'text', value: '温和灸示意' }] });
  });

  it('refuses images from outside the media library, without a description, or that do not exist', () => {
    expect(() => renderMarkdown('![x](https://example.com/a.png)', described)).toThrow(/not in the media library/);
    expect(() => renderMarkdown('![](media:a.svg)', described)).toThrow(/needs a description/);
    const missing = () => {
      throw new Error('media file "a.svg" does not exist in content/media');
    };
    expect(() => renderMarkdown('![图](media:a.svg)', missing)).toThrow(MarkdownError);
    expect(() => renderMarkdown('![图](media:a.svg)')).toThrow(/not allowed/);
  });
});
