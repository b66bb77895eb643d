import type { MediaImage } from './media-contract.ts';

/**
 * The `sizes` (and counts) of pictures the server preloads for a page's first screen (issue #33,
 * apps/server/src/plugins/route-preload.ts): the web renders them with these very strings, so the
 * browser picks the same file for the preload and the <img>, and uses the preloaded one.
 */
/** A product card in the two-column grid (features/products product-card.tsx). */
export const PRODUCT_CARD_SIZES = '(max-width: 640px) 50vw, 320px';
/** A picture across the text column: components/image.tsx's default (a text's pictures among them). */
export const COLUMN_SIZES = '(max-width: 640px) 100vw, 640px';
/** A video card's poster across the column (features/videos video-card.tsx). */
export const VIDEO_CARD_SIZES = COLUMN_SIZES;

/** How many pictures the product centre's first grid and the video centre's first list load at once (on screen at first). */
export const PRODUCT_CENTRE_EAGER = 4;
export const VIDEO_CENTRE_EAGER = 2;

/**
 * The video player's poster (features/videos video-detail-screen.tsx), which the server preloads: a
 * `poster` attribute takes one URL, so the drawing's SVG, else the fallback picture of a 2× column.
 */
export const videoPosterUrl = (poster: MediaImage): string =>
  poster.vector ?? (poster.fallback.find((f) => f.width >= 640) ?? poster.fallback.at(-1)!).url;
