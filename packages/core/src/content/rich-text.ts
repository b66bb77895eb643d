import { z } from 'zod';
import type { MediaImage } from '../media/media-contract.ts';

/**
 * Rich text on the wire (issue #14 §2): content Markdown is parsed and sanitised once, when the
 * server loads content, into a hast tree (the HTML syntax tree of unified/rehype) holding only
 * allowed elements and attributes; the web renders that tree to React — the same output in the
 * prerender and in the browser, with internal links (internal-links.ts) as router links.
 */
export type HastText = { type: 'text'; value: string };
export type HastElement = {
  type: 'element';
  tagName: string;
  properties?: Record<string, string | number | boolean | (string | number)[] | null | undefined>;
  children: HastNode[];
};
export type HastNode = HastText | HastElement;
export type RichText = { type: 'root'; children: HastNode[] };

const HastNodeSchema: z.ZodType<HastNode> = z.lazy(() =>
  z.union([
    z.object({ type: z.literal('text'), value: z.string() }),
    z.object({
      type: z.literal('element'),
      tagName: z.string(),
      properties: z.record(z.string(), z.any()).optional(),
      children: z.array(HastNodeSchema),
    }),
  ]),
);
export const RichTextSchema: z.ZodType<RichText> = z.object({ type: z.literal('root'), children: z.array(HastNodeSchema) });

/** How many blocks from its start a text's picture is taken to be on the first screen, where the text opens its page. */
export const LEAD_BLOCKS = 3;

/**
 * The text's lead picture (issue #33): its first picture, if it is among the first LEAD_BLOCKS blocks
 * (`<figure>` or a paragraph, as the server builds them), by its media description. A page whose text
 * opens it shows that picture on the first screen: the web loads it at once (components/rich-text-view.tsx)
 * and the server names it in the page's HTML (route-preload.ts), the same picture by the same rule.
 */
export function leadImage(text: RichText): MediaImage | null {
  const blocks = text.children.filter((n): n is HastElement => n.type === 'element').slice(0, LEAD_BLOCKS);
  for (const block of blocks) {
    const img = block.tagName === 'img' ? block : block.children.find((c): c is HastElement => c.type === 'element' && c.tagName === 'img');
    const media = img?.properties?.dataMedia;
    if (typeof media === 'string') return JSON.parse(media) as MediaImage;
  }
  return null;
}
