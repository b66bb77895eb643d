import { leadImage } from '@moxa/core/content/lead-image';
import type { RichText } from '@moxa/core/content/rich-text';
import type { MediaImage } from '@moxa/core/media/media-contract';
import { useMemo } from 'react';
import { renderRichText, type TagRenderer, type TagRenderers } from '../lib/rich-text-render.ts';
import { Image } from './image.tsx';
import type { Gloss } from './use-glossary-marks.tsx';
import { Link } from './link.tsx';

/** A picture of the text, from its media description; the text's lead picture (`lead`, its src) loads at once. */
function picture(media: unknown, lead?: string) {
  if (typeof media !== 'string') return null;
  const image = JSON.parse(media) as MediaImage;
  return <Image image={image} className="rt-image" priority={image.src === lead} />;
}

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
  img: (props) => picture(props['data-media']),
  // Wide tables scroll sideways inside the text column instead of widening the page.
  table: ({ children }) => (
    <div className="rt-table">
      <table>{children}</table>
    </div>
  ),
};

export function RichTextView({
  value,
  className = '',
  gloss,
  opensPage = false,
}: {
  value: RichText;
  className?: string;
  gloss?: Gloss | null;
  /** The text opens its page: its lead picture (core leadImage) is on the first screen and loads at once. */
  opensPage?: boolean;
}) {
  const tree = gloss ? gloss.rich(value) : value;
  const lead = opensPage ? leadImage(value)?.src : undefined;
  // One renderer per lead picture: a new function on each render would be a new component type, and
  // React would replace the pictures whenever the page re-renders (the glossary marks arriving).
  const img = useMemo<TagRenderer | undefined>(() => (lead ? (props) => picture(props['data-media'], lead) : undefined), [lead]);
  // The same component for every other tag with or without marks: only the marked text nodes change.
  const map = { ...components, ...(gloss && { span: gloss.span }), ...(img && { img }) };
  return <div className={`rich-text ${className}`}>{renderRichText(tree, map)}</div>;
}
