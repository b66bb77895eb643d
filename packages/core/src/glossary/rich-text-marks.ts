import type { HastNode, RichText } from '../content/rich-text.ts';
import type { GlossMark } from './glossary-marks.ts';
import { splitAtMarks } from './glossary-marks.ts';

/**
 * Glossary marks in content rich text (issue #26): the text nodes a reader meets as running text, in
 * document order, and the tree with marked words wrapped as `<span data-gloss="id">`, which the web's
 * renderer turns into a term button. Link text already leads somewhere and headings are labels, so
 * neither is marked (a button inside a link would also be two controls in one).
 */
const NOT_MARKED = new Set(['a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'code', 'pre']);
/** Elements whose text is read as one block (a paragraph, a cell, a list item). */
const BLOCKS = new Set(['p', 'li', 'td', 'th', 'dt', 'dd', 'blockquote', 'figcaption']);

const plain = (nodes: readonly HastNode[]): string => nodes.map((n) => (n.type === 'text' ? n.value : plain(n.children))).join('');

/** The markable text nodes' values, in document order. */
export const richTextTexts = (tree: RichText): string[] => richTextNodes(tree).texts;

/**
 * The markable text nodes' values, in document order, each with the whole text of the block it
 * stands in (firstMarks' `blocks`: a term that is a cell's whole text is not marked).
 */
export function richTextNodes(tree: RichText): { texts: string[]; blocks: string[] } {
  const texts: string[] = [];
  const blocks: string[] = [];
  const walk = (nodes: readonly HastNode[], block: string | null) => {
    for (const n of nodes) {
      if (n.type === 'text') {
        texts.push(n.value);
        blocks.push(block ?? n.value);
      } else if (!NOT_MARKED.has(n.tagName)) walk(n.children, BLOCKS.has(n.tagName) ? plain(n.children) : block);
    }
  };
  walk(tree.children, null);
  return { texts, blocks };
}

/**
 * The tree with `marks[i]` applied to the i-th markable text node (as numbered by richTextTexts).
 * Unchanged subtrees are shared with the input; a tree without marks is returned as is.
 */
export function markRichText(tree: RichText, marks: readonly (readonly GlossMark[])[]): RichText {
  if (!marks.some((m) => m.length > 0)) return tree;
  let index = 0;
  const walk = (nodes: readonly HastNode[]): HastNode[] =>
    nodes.flatMap((n): HastNode[] => {
      if (n.type === 'text') {
        const own = marks[index++] ?? [];
        if (own.length === 0) return [n];
        // Text after a mark goes in a plain <span>: the page's existing text node is kept only for
        // the text before the first mark, which starts where it did, so marking a painted page moves
        // no node (a reused node holding later text would count as a layout shift, issue #33).
        return splitAtMarks(n.value, own).map((p, i) =>
          typeof p !== 'string'
            ? { type: 'element', tagName: 'span', properties: { dataGloss: p.id }, children: [{ type: 'text', value: p.text }] }
            : i === 0
              ? { type: 'text', value: p }
              : { type: 'element', tagName: 'span', properties: {}, children: [{ type: 'text', value: p }] },
        );
      }
      if (NOT_MARKED.has(n.tagName)) return [n];
      return [{ ...n, children: walk(n.children) }];
    });
  return { ...tree, children: walk(tree.children) };
}
