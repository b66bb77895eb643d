import { z } from 'zod';

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
