import type { MediaImage } from '../media/media-contract.ts';
import type { HastElement, RichText } from './rich-text.ts';

// No zod here (types only): the web's rich text view imports this on every text page (decision 051).

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
