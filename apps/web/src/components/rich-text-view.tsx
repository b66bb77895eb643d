import type { RichText } from '@moxa/core/content/rich-text';
import type { MediaImage } from '@moxa/core/media/media-contract';
import { renderRichText, type TagRenderers } from '../lib/rich-text-render.ts';
import { Image } from './image.tsx';
import type { Gloss } from './use-glossary-marks.tsx';
import { Link } from './link.tsx';

/**
 * Content rich text (issue #14 §2, decision 014): the server hands a hast tree it has already
 * sanitised, with internal links as app paths; this maps it to React — the same in the prerender and
 * the browser. App paths become router links; anything else is shown as text (the loader refuses it).
 * With a page's `gloss` (use-glossary-marks.tsx, issue #26) its glossary terms are marked.
 */
const components: TagRenderers = {
  a: ({ href, children }) =>
    typeof href === 'string' && href.startsWith('/') && !href.startsWith('//') ? (
      <Link to={href} className="rt-link">
        {children}
      </Link>
    ) : (
      <span>{children}</span>
    ),
  // Images come from the media library with their size and variants (markdown.ts on the server).
  img: (props) => {
    const media = props['data-media'];
    return typeof media === 'string' ? <Image image={JSON.parse(media) as MediaImage} className="rt-image" /> : null;
  },
  // Wide tables scroll sideways inside the text column instead of widening the page.
  table: ({ children }) => (
    <div className="rt-table">
      <table>{children}</table>
    </div>
  ),
};

export function RichTextView({ value, className = '', gloss }: { value: RichText; className?: string; gloss?: Gloss | null }) {
  const tree = gloss ? gloss.rich(value) : value;
  // The same component for every other tag with or without marks: only the marked text nodes change.
  const map = gloss ? { ...components, span: gloss.span } : components;
  return <div className={`rich-text ${className}`}>{renderRichText(tree, map)}</div>;
}
