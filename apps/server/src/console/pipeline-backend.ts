import { checkContent } from '@moxa/core/content/checks/index';
import { previewRecords } from '../content/content-previews.ts';
import { contentSources } from '../content/content-sources.ts';
import { editableKinds, isPublicDeclaration, type AnyContentKind, type ContentItem } from '../content/content-kind.ts';
import { CONTENT_KINDS } from '../content/registry.ts';
import type { AppContext } from '../lib/context.ts';
import type { ConsoleKindInfo, ContentBackend } from './content-backend.ts';

/** An item's title for lists: the public kind's own, else its name or title field, else its id. */
function titleOf(kind: AnyContentKind, item: ContentItem<unknown>): string {
  if (isPublicDeclaration(kind)) return kind.public.title(item.data);
  const data = item.data as Record<string, unknown>;
  for (const key of ['name', 'title', 'term', 'question', 'label']) if (typeof data[key] === 'string' && data[key]) return data[key];
  return item.id;
}

/**
 * The console's content (issue #29): the published sources in the database (content-sources.ts), the
 * core checks the content tests run, publish announced to every instance (content-events.ts), and
 * previews as overlays recorded in the database for every instance (content-previews.ts, decision 045).
 */
export function pipelineBackend(ctx: AppContext, kinds: readonly AnyContentKind[] = CONTENT_KINDS): ContentBackend {
  const sources = contentSources(ctx.db, ctx.env.CONTENT_DIR, kinds);
  const previews = previewRecords(ctx.db);
  const declared = new Map(kinds.map((k) => [k.name, k]));
  const infos: ConsoleKindInfo[] = editableKinds(kinds).map((k) => ({
    kind: k.name,
    label: k.label,
    note: k.note,
    edit: k.editable ? { creatable: k.creatable, schema: k.schema, paths: k.paths } : null,
    title: (item) => titleOf(declared.get(k.name)!, item),
  }));
  return {
    kinds: () => infos,
    publishedTree: () => sources.publishedTree(),
    compile: (tree) => sources.compile(tree),
    itemSource: (tree, compiled, kind, id) => sources.itemSource(tree, compiled, kind, id),
    withItem: (tree, compiled, kind, id, source, isNew) => sources.withItem(tree, compiled, kind, id, source, isNew),
    check: (tree) => checkContent(tree),
    publish: (tree, compiled, now) => sources.publish(tree, compiled, now),
    announce: (hash) => ctx.contentEvents.announce(hash),
    async addPreview(compiled, revisionId) {
      const made = ctx.previews.add(compiled);
      await previews.save(made.token, revisionId, ctx.clock(), made.expiresAt);
      return made;
    },
    previewRevision: (token) => previews.find(token, ctx.clock()),
  };
}
