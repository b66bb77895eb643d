import { isPublicKind, publicKindHref, type PublicKind } from './public-kinds.ts';

/**
 * Internal links in content Markdown (issue #14 §2): authors write `[足三里](acupoint:ST36)` or
 * `[失眠](disease:insomnia)`. The loader validates every target at load time (a broken link refuses
 * the load); the web turns them into router links. Every public kind (public-kinds.ts, issue #28 §1)
 * can be linked, to its detail page.
 */
export type InternalLinkKind = PublicKind;
export type InternalLink = { kind: InternalLinkKind; id: string };

const PATTERN = /^([a-z]+):([A-Za-z0-9_-]{1,64})$/;

/** Parses `acupoint:ST36`; null for anything else (external URLs, unknown kinds). */
export function parseInternalLink(href: string): InternalLink | null {
  const [, kind = '', id = ''] = PATTERN.exec(href) ?? [];
  return isPublicKind(kind) ? { kind, id } : null;
}

/** The app path an internal link leads to. */
export const internalHref = (link: InternalLink): string => publicKindHref(link.kind, link.id);

/** Every internal link in a Markdown text (inline links only; reference-style links are not used). */
export function findInternalLinks(markdown: string): InternalLink[] {
  const out: InternalLink[] = [];
  for (const m of markdown.matchAll(/\]\(([a-z]+:[^)\s]+)\)/g)) {
    const link = parseInternalLink(m[1]!);
    if (link) out.push(link);
  }
  return out;
}
