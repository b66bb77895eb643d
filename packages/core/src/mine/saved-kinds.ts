import { kindLabels, kindsWith, publicKindHref } from '../content/public-kinds.ts';

/**
 * Favourites and browsing history (issue #18): the kinds of content a user can keep, their Chinese
 * names and detail paths, derived from the public kinds' table (issue #28 §1). Plain constants (no
 * zod) so the web app's small chunks can use them.
 */
export const SAVED_KINDS = kindsWith('savable');
export type SavedKind = (typeof SAVED_KINDS)[number];

export const SAVED_KIND_LABELS: Record<SavedKind, string> = kindLabels(SAVED_KINDS);

/** The detail screen of a kept item (spec §2 routes). */
export const savedItemPath = (kind: SavedKind, id: string): string => publicKindHref(kind, id);

/** Content ids are slugs, acupoint codes (ST36, EX-HN3) or UUIDs. */
export const SAVED_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** At most this many favourites per account; history keeps the newest this many. */
export const MAX_FAVORITES = 500;
export const MAX_HISTORY = 100;

export const isSavedKind = (v: unknown): v is SavedKind => typeof v === 'string' && (SAVED_KINDS as readonly string[]).includes(v);

/** One favourite or history entry as the server answers it and the device keeps it; `at` is epoch ms. */
export type SavedItem = { kind: SavedKind; id: string; title: string; at: number };
