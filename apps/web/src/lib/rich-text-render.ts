import { createElement, type ReactNode } from 'react';
import type { HastElement, HastNode, RichText } from '@moxa/core/content/rich-text';

/** A tag's own renderer (a link, a picture, a table that scrolls): the element's props and children. */
export type TagRenderer = (props: Record<string, unknown> & { children?: ReactNode }) => ReactNode;
export type TagRenderers = Partial<Record<string, TagRenderer>>;

// Whitespace between table parts is not allowed inside them (React and Preact warn; the browser moves it).
const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);
// The attributes the server keeps on content (apps/server content/markdown.ts: link targets, table
// cell alignment, the caution callout, picture descriptions) and the glossary's mark (data-gloss).
// Anything else a tree might carry is not rendered.
const KEPT = new Set(['href', 'alt', 'className', 'title']);

const hyphenated = (rest: string) => rest.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).slice(1);

/** hast properties (DOM property names, decision 014) → the props the renderer takes. */
function propsOf(el: HastElement): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(el.properties ?? {})) {
    if (raw === null || raw === undefined || raw === false) continue;
    const value = Array.isArray(raw) ? raw.join(' ') : raw;
    if (name === 'align' && (el.tagName === 'td' || el.tagName === 'th')) props.style = { textAlign: value };
    else if (/^data[A-Z]/.test(name)) props[`data-${hyphenated(name.slice(4))}`] = value;
    else if (KEPT.has(name)) props[name] = value;
  }
  return props;
}

function nodes(children: readonly HastNode[], parent: string, tags: TagRenderers): ReactNode[] {
  const out: ReactNode[] = [];
  children.forEach((node, i) => {
    if (node.type === 'text') {
      if (!(TABLE_PARTS.has(parent) && !node.value.trim())) out.push(node.value);
      return;
    }
    const inner = nodes(node.children, node.tagName, tags);
    const own = tags[node.tagName];
    // One child is passed as itself, not in an array (a glossary mark reads its word as a string).
    const children = inner.length === 0 ? undefined : inner.length === 1 ? inner[0] : inner;
    if (own) out.push(createElement(own, { key: i, ...propsOf(node), children }));
    else out.push(createElement(node.tagName, { key: i, ...propsOf(node) }, ...inner));
  });
  return out;
}

/**
 * Content rich text (issue #14 §2, decision 014) as elements: the sanitised hast tree the server sends
 * holds a handful of tags and attributes, so it maps to elements directly — the same output in the
 * prerender and in the browser. `tags` renders the tags the app draws itself. (decision 049: a general
 * hast → JSX library with the HTML and SVG property tables took 10 KB gzip on every text page.)
 */
export function renderRichText(tree: RichText, tags: TagRenderers): ReactNode[] {
  return nodes(tree.children, 'root', tags);
}
