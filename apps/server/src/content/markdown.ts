import type { Element, ElementContent, Root, RootContent } from 'hast';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { internalHref, parseInternalLink } from '@moxa/core/content/internal-links';
import { PUBLIC_KIND_NAMES } from '@moxa/core/content/public-kinds';
import type { HastNode, RichText } from '@moxa/core/content/rich-text';
import type { MediaImage } from '@moxa/core/media/media-contract';

/**
 * Content Markdown → sanitised hast (issue #14 §2, decision 014). Parsed once at load, so the web
 * only maps an already-safe tree to React, identically in the prerender and in the browser.
 * Raw HTML never survives (remark-rehype drops it; the sanitiser is the second wall), links are
 * internal only (`acupoint:ST36` → `/acupoint_detail/ST36`), and a blockquote that opens with
 * **注意** becomes a caution callout.
 */
/** Every public kind is a link protocol (issue #28 §1); the sanitiser strips any other href. */
const INTERNAL_PROTOCOLS: string[] = [...PUBLIC_KIND_NAMES];

const schema: SanitizeSchema = {
  ...defaultSchema,
  // No ids, no inputs (GFM task lists); images only from the media library (issue #14 §3).
  clobber: [],
  tagNames: (defaultSchema.tagNames ?? []).filter((t) => !['input', 'picture', 'source'].includes(t)),
  protocols: { href: INTERNAL_PROTOCOLS, src: ['media'] },
  attributes: {
    ...defaultSchema.attributes,
    '*': [],
    a: ['href'],
    img: ['src', 'alt'],
    th: ['align'],
    td: ['align'],
    blockquote: ['className'],
  },
};

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize, schema).freeze();

export class MarkdownError extends Error {}

/** Describes a media-library image (media-library.ts describeImage); throws when there is none. */
export type ImageResolver = (src: string, alt: string) => MediaImage;
const noImages: ImageResolver = () => {
  throw new MarkdownError('images are not allowed here');
};

/**
 * Renders one content body; throws MarkdownError for links that are not internal and images that are
 * not in the media library. `![说明](media:notices/mild-moxa.svg)` on its own line becomes a figure
 * whose caption is the alt text; the image carries its size and variants for the web's <Image>.
 */
export function renderMarkdown(markdown: string, image: ImageResolver = noImages): RichText {
  const mdast = processor.parse(markdown);
  checkSource(mdast);
  const tree = processor.runSync(mdast) as Root;
  return { type: 'root', children: convert(tree.children, image) };
}

/** Refuses what the sanitiser would silently drop, so an author learns of it at load (issue #14 §1). */
function checkSource(node: MdNode) {
  if (node.type === 'html') throw new MarkdownError(`raw HTML is not allowed: ${String(node.value).slice(0, 40)}`);
  if (node.type === 'image') {
    if (!String(node.url).startsWith('media:'))
      throw new MarkdownError(`image "${String(node.url)}" is not in the media library (use media:<path>)`);
    if (!String(node.alt ?? '').trim())
      throw new MarkdownError(`image "${String(node.url)}" needs a description (its alt text, shown as the caption)`);
  }
  if (node.type === 'link' && !parseInternalLink(String(node.url)))
    throw new MarkdownError(`link "${String(node.url)}" is not an internal link (use e.g. acupoint:ST36)`);
  for (const child of node.children ?? []) checkSource(child);
}
type MdNode = { type: string; value?: unknown; url?: unknown; alt?: unknown; children?: MdNode[] };

function convert(nodes: (RootContent | ElementContent)[], image: ImageResolver): HastNode[] {
  const out: HastNode[] = [];
  for (const node of nodes) {
    // Line breaks between block elements carry nothing on screen, and React refuses them in tables.
    if (node.type === 'text') {
      if (!/^\s*\n\s*$/.test(node.value)) out.push({ type: 'text', value: node.value });
    } else if (node.type === 'element') out.push(loneImage(node) ? figure(loneImage(node)!, image) : element(node, image));
  }
  return out;
}

/** The image of a paragraph that holds nothing else. */
function loneImage(node: Element): Element | null {
  if (node.tagName !== 'p') return null;
  const parts = node.children.filter((c) => !(c.type === 'text' && !c.value.trim()));
  return parts.length === 1 && parts[0]!.type === 'element' && parts[0]!.tagName === 'img' ? parts[0]! : null;
}

function figure(img: Element, image: ImageResolver): HastNode {
  const alt = String(img.properties.alt ?? '');
  return {
    type: 'element',
    tagName: 'figure',
    children: [element(img, image), { type: 'element', tagName: 'figcaption', children: [{ type: 'text', value: alt }] }],
  };
}

/** An image as the web's <Image> needs it: the description, with size and variants as JSON. */
function imageElement(node: Element, image: ImageResolver): HastNode {
  const src = String(node.properties.src ?? '');
  const alt = String(node.properties.alt ?? '');
  let described: MediaImage;
  try {
    described = image(src.replace(/^media:/, ''), alt);
  } catch (err) {
    throw new MarkdownError(err instanceof Error ? err.message : String(err));
  }
  return { type: 'element', tagName: 'img', properties: { alt, dataMedia: JSON.stringify(described) }, children: [] };
}

function element(node: Element, image: ImageResolver): HastNode {
  if (node.tagName === 'img') return imageElement(node, image);
  const properties: Record<string, string> = {};
  if (node.tagName === 'a') {
    const href = String(node.properties.href ?? '');
    const link = parseInternalLink(href);
    if (link) properties.href = internalHref(link);
  }
  if ((node.tagName === 'th' || node.tagName === 'td') && node.properties.align) properties.align = String(node.properties.align);
  if (node.tagName === 'blockquote' && isCaution(node)) properties.className = 'callout';
  return {
    type: 'element',
    tagName: node.tagName,
    ...(Object.keys(properties).length ? { properties } : {}),
    children: convert(node.children, image),
  };
}

/** `> **注意**：…` — the house style for cautions. */
function isCaution(node: Element): boolean {
  const first = node.children.find((c) => c.type === 'element');
  const strong = first?.type === 'element' ? first.children[0] : undefined;
  return strong?.type === 'element' && strong.tagName === 'strong' && /^(注意|警告|提示)/.test(textOf(strong));
}

const textOf = (n: ElementContent): string => (n.type === 'text' ? n.value : n.type === 'element' ? n.children.map(textOf).join('') : '');

/** Plain text of a rendered body (search keywords, summaries). */
export function richTextPlain(root: RichText): string {
  const walk = (n: HastNode): string => (n.type === 'text' ? n.value : n.children.map(walk).join(''));
  return root.children.map(walk).join('');
}
