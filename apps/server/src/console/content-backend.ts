import type { ZodType } from 'zod';
import type { Finding, ItemSource } from '@moxa/core/console/console-contract';
import type { ContentItem } from '../content/content-kind.ts';

/** A content folder as text: path relative to it (`products/family-set.md`) → the file's text. */
export type SourceTree = ReadonlyMap<string, string>;
/** Every kind's items as the loader reads them from a tree. */
export type CompiledContent = Map<string, ContentItem<unknown>[]>;
/** A finding of the automated checks, with the file and item it is about (issue #29). */
export type ContentFinding = Finding & { file: string; itemId: string | null };

/** A content kind as the console shows it; `edit` null when its items cannot be edited one by one yet. */
export type ConsoleKindInfo = {
  kind: string;
  label: string;
  edit: {
    creatable: boolean;
    /** The zod schema of the front matter (Markdown) or of the JSON item, for the form. */
    schema: ZodType | null;
    /** H5 paths that show the item, for the preview (`compiled`: the content it is shown in). */
    paths(id: string, compiled?: CompiledContent): string[];
  } | null;
  /** Shown to staff beside the kind (why it is read-only, or what is edited where). */
  note?: string | null;
  /** The item's title as lists show it. */
  title(item: ContentItem<unknown>): string;
};

/**
 * What the editorial workflow needs of the content (issue #29, docs/decisions/040): the published
 * source tree and its compilation (content/content-sources.ts), one item's source in and out of a
 * tree, the automated checks (core content/checks), publishing, telling every instance about it
 * (content/content-events.ts), and preview overlays. The workflow is written against this, so its
 * state machine is tested apart from the content pipeline.
 */
export interface ContentBackend {
  kinds(): readonly ConsoleKindInfo[];
  publishedTree(): Promise<SourceTree>;
  /** Throws ContentError when the tree does not load (schema, references), like the loader. */
  compile(tree: SourceTree): CompiledContent;
  itemSource(tree: SourceTree, compiled: CompiledContent, kind: string, id: string): { file: string; source: ItemSource } | null;
  /** The tree with the item's source put in (or added, `isNew`); throws when the source cannot be written. */
  withItem(tree: SourceTree, compiled: CompiledContent, kind: string, id: string, source: ItemSource, isNew: boolean): SourceTree;
  check(tree: SourceTree): ContentFinding[];
  /** Makes `tree` the published content (one transaction); the new content hash. */
  publish(tree: SourceTree, compiled: CompiledContent, now: number): Promise<string>;
  /** Tells every instance that the content changed. */
  announce(hash: string): Promise<void>;
  /** A short-lived overlay the H5 renders when it sends the token, recorded for every instance (decision 045). */
  addPreview(compiled: CompiledContent, revisionId: string): Promise<{ token: string; expiresAt: number }>;
  /** The revision a live preview token shows, and its expiry; null when unknown or expired. */
  previewRevision(token: string): Promise<{ revisionId: string; expiresAt: number } | null>;
}
