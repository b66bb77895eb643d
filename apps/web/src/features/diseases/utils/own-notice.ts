import type { HastNode, RichText } from '@moxa/core/content/rich-text';

const textOf = (node: HastNode): string => (node.type === 'text' ? node.value : node.children.map(textOf).join(''));

/**
 * Whether a condition's own text already says it is no diagnosis, in a quoted 注意 note (issue #32
 * item 6: the page's general notice right above it said the same thing twice). The page shows its
 * general notice only for a text without one.
 */
export function hasOwnNotice(body: RichText): boolean {
  const find = (nodes: readonly HastNode[]): boolean =>
    nodes.some((n) => n.type === 'element' && (n.tagName === 'blockquote' ? /诊断/.test(textOf(n)) : find(n.children)));
  return find(body.children);
}
