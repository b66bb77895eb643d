import { Fragment, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FavoriteSlot } from '../../../components/favorite-slot.tsx';
import { useRecordView } from '../../../lib/record-view.ts';
import type { KeptItem } from '../../../lib/saved-items.ts';
import type { ProductDetail } from '@moxa/core/products/product-contract';
import { Bullets, LinkList, SectionCard } from '../../../components/content-list.tsx';
import { Gallery } from '../../../components/gallery.tsx';
import { CardSkeleton } from '../../../components/card-skeleton.tsx';
import { Image } from '../../../components/image.tsx';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RichTextView } from '../../../components/rich-text-view.tsx';
import { restoresScroll } from '../../../lib/navigation.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useRevealed } from '../../../lib/use-revealed.ts';
import { useShareCard } from '../../../lib/share-card.ts';
import { formatDuration } from '../../../lib/media-format.ts';
import { useProduct } from '../api/queries.ts';
import { BuyActions } from './buy-button.tsx';
import { Reviews } from './reviews.tsx';
import { Price } from '../../../components/price.tsx';
import { Link } from '../../../components/link.tsx';
import '../products.css';

/** `/product_detail/{id}` (issue #16): gallery, price, specifications, use, who should not, Q&A, videos, buy. */
export function ProductDetailScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const q = useProduct(id);
  // A place on the page coming back (going back, a reload): the whole page at once.
  const [restoring] = useState(restoresScroll);
  const kept: KeptItem | undefined = q.data && { kind: 'product', id: q.data.id, title: q.data.name };
  useRecordView(kept);
  useDocumentTitle(q.data?.name);
  useShareCard(q.data && { title: q.data.name, description: q.data.summary, image: q.data.cover });
  return (
    <Page title={q.data?.name ?? '产品详情'} right={<FavoriteSlot item={kept} />}>
      <QueryState
        query={q}
        skeleton={<CardSkeleton cards={3} />}
        errorTitle="产品没有加载出来"
        notFound={{
          title: '没有找到这件产品',
          description: '产品可能已下架，可以在产品中心看看其他产品。',
          actions: [{ text: '产品中心', primary: true, onClick: () => void navigate('/product') }],
        }}
      >
        {(p) => <Detail p={p} whole={restoring} />}
      </QueryState>
    </Page>
  );
}

/**
 * The page in parts, a part per frame on a first visit (lib/use-revealed.ts, issue #33 item 3): the
 * gallery, the price and the buy bar paint first, and the long rest (specifications, use, who should
 * not, the description, reviews, videos, Q&A) follows in frame-sized tasks instead of one task that
 * blocks a tap. All of it is in within a few frames; nothing is left out.
 */
function Detail({ p, whole }: { p: ProductDetail; whole: boolean }) {
  const parts = detailParts(p);
  const [shown] = useRevealed(parts.length, whole);
  return (
    <article className="product-detail">
      {parts.slice(0, shown)}
      <div className="buy-bar">
        <BuyActions productId={p.id} store={p.store} />
      </div>
    </article>
  );
}

function detailParts(p: ProductDetail): ReactNode[] {
  return [
    <Fragment key="head">
      <Gallery images={p.gallery} label={`${p.name}图片`} />
      <header className="product-head">
        <Price price={p.price} unit={p.unit} />
        <h2>{p.name}</h2>
        <p className="product-spec">规格：{p.spec}</p>
        <p className="product-summary">{p.summary}</p>
        {p.registrationNo ? (
          <p className="product-reg">医疗器械注册证编号：{p.registrationNo}</p>
        ) : (
          <p className="product-reg">日常保健用品，不能代替药物和医疗。</p>
        )}
        {p.hasMarketing && (
          <Link className="more-link" to={`/product_marketing/${p.id}`}>
            了解这件产品的更多介绍
          </Link>
        )}
      </header>
    </Fragment>,
    <Fragment key="use">
      <SectionCard title="规格参数">
        <table className="spec-table">
          <tbody>
            {p.specs.map((s) => (
              <tr key={s.name}>
                <th scope="row">{s.name}</th>
                <td>{s.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </SectionCard>
      <SectionCard title="使用方法">
        <ol className="steps">
          {p.usage.map((u) => (
            <li key={u}>{u}</li>
          ))}
        </ol>
        {p.hasSession && (
          // Issue #18: the how-to as a guided session.
          <Link className="btn btn-block" to={`/moxa_session?product=${encodeURIComponent(p.id)}`}>
            按用法跟着灸
          </Link>
        )}
      </SectionCard>
    </Fragment>,
    <Fragment key="who">
      <SectionCard title="适合谁用">
        <Bullets items={p.suits} />
      </SectionCard>
      <SectionCard title="不适合使用" tone="warn">
        <Bullets items={p.notSuits} />
      </SectionCard>
      <SectionCard title="注意事项" tone="danger">
        <Bullets items={p.cautions} />
      </SectionCard>
    </Fragment>,
    <div key="body" className="card">
      <RichTextView value={p.body} />
    </div>,
    <Fragment key="more">
      <Reviews reviews={p.reviews} />
      {p.videos.length > 0 && (
        <>
          <h2 className="section-title">相关视频</h2>
          <ul className="mini-videos">
            {p.videos.map((v) => (
              <li key={v.id}>
                <Link to={`/video_detail/${v.id}`}>
                  <Image image={v.poster} sizes="40vw" />
                  <span>{v.title}</span>
                  <small>{formatDuration(v.duration)}</small>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {p.problems.length > 0 && (
        <>
          <h2 className="section-title">相关问答</h2>
          <LinkList label="相关问答" rows={p.problems.map((q) => ({ to: `/problem_detail/${q.id}`, title: q.question }))} />
        </>
      )}
      <p className="disclaimer">艾灸属于日常保健，效果因人而异；身体不适或患有疾病请先就医。</p>
    </Fragment>,
  ];
}
