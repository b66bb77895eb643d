import { useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PUBLIC_KIND_NAMES, PUBLIC_KINDS, publicKindHref, type PublicKind } from '@moxa/core/content/public-kinds';
import type { SimpleKindDetail } from '@moxa/core/content/simple-kind-contract';
import { LinkList } from '../../../components/content-list.tsx';
import { Disclaimer } from '../../../components/disclaimer.tsx';
import { FavoriteSlot } from '../../../components/favorite-slot.tsx';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RichTextView } from '../../../components/rich-text-view.tsx';
import { useGlossaryMarks } from '../../../components/use-glossary-marks.tsx';
import { useRecordView } from '../../../lib/record-view.ts';
import type { KeptItem } from '../../../lib/saved-items.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSimpleKindItem, useSimpleKindList } from '../api/queries.ts';

/**
 * The generic screens of simple kinds (issue #28 item 4, `npm run new:kind`): config/routes.ts gives
 * each kind whose PUBLIC_KINDS row has `screens` a list and a detail route to these; the kind is the
 * one whose list path or detail path the address is.
 */
function useKind(): { kind: PublicKind; listPath: string; title: string } {
  const { pathname } = useLocation();
  for (const kind of PUBLIC_KIND_NAMES) {
    const row = PUBLIC_KINDS[kind] as (typeof PUBLIC_KINDS)[PublicKind] & { screens?: { listPath: string; title: string } };
    if (row.screens && (pathname === row.screens.listPath || pathname.startsWith(row.detailPath)))
      return { kind, listPath: row.screens.listPath, title: row.screens.title };
  }
  throw new Error(`no simple kind at ${pathname}`);
}

/** `<listPath>`: every item of the kind, with its summary. */
export function SimpleKindListScreen() {
  const { kind, title } = useKind();
  const q = useSimpleKindList(kind);
  return (
    <Page title={title}>
      <QueryState
        query={q}
        errorTitle="内容没有加载出来"
        isEmpty={(items) => items.length === 0}
        empty={{ title: '内容正在整理，请稍后再来看看' }}
      >
        {(items) => (
          <LinkList label={title} rows={items.map((i) => ({ to: publicKindHref(kind, i.id), title: i.title, subtitle: i.summary }))} />
        )}
      </QueryState>
      <Disclaimer />
    </Page>
  );
}

/** `<detailPath><id>`: one item, which favourites and history can keep. */
export function SimpleKindDetailScreen() {
  const { kind, listPath, title } = useKind();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const q = useSimpleKindItem(kind, id);
  const kept = q.data && ({ kind, id: q.data.id, title: q.data.title } as KeptItem);
  useRecordView(kept);
  useDocumentTitle(q.data?.title);
  return (
    <Page title={q.data?.title ?? title} right={<FavoriteSlot item={kept} />}>
      <QueryState
        query={q}
        errorTitle="内容没有加载出来"
        notFound={{
          title: '没有找到这一条',
          description: '内容可能已调整，可以回到列表找找。',
          actions: [{ text: title, primary: true, onClick: () => void navigate(listPath) }],
        }}
      >
        {(d) => <Item d={d} />}
      </QueryState>
    </Page>
  );
}

function Item({ d }: { d: SimpleKindDetail }) {
  // Issue #26: the item's jargon explained (first occurrence of each term).
  const [gloss, glossSheet] = useGlossaryMarks(useMemo(() => [d.body], [d.body]));
  return (
    <article>
      <header className="article-head">
        <h2>{d.title}</h2>
      </header>
      <p className="intro">{d.summary}</p>
      <div className="card">
        <RichTextView value={d.body} gloss={gloss} />
      </div>
      <Disclaimer />
      {glossSheet}
    </article>
  );
}
