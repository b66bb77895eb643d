import { Fragment } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { ProductMarketing } from '@moxa/core/products/product-contract';
import { CardSkeleton } from '../../../components/card-skeleton.tsx';
import { Image } from '../../../components/image.tsx';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useShareCard } from '../../../lib/share-card.ts';
import { useMarketing } from '../api/queries.ts';
import { BuyActions } from './buy-button.tsx';
import { Reviews } from './reviews.tsx';
import { Price } from '../../../components/price.tsx';
import '../products.css';

type Block = ProductMarketing['blocks'][number];

/** `/product_marketing/{id}` (issue #16): a promotional page from structured blocks, made to be shared. */
export function MarketingScreen() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const q = useMarketing(id);
  useDocumentTitle(q.data?.title);
  useShareCard(q.data && { title: q.data.share.title, description: q.data.share.description, image: q.data.product.cover });
  return (
    <Page title={q.data?.title ?? '产品介绍'}>
      <QueryState
        query={q}
        skeleton={<CardSkeleton cards={3} />}
        errorTitle="介绍没有加载出来"
        notFound={{
          title: '没有找到这个介绍页',
          actions: [{ text: '产品中心', primary: true, onClick: () => void navigate('/product') }],
        }}
      >
        {(m) => {
          const firstCta = m.blocks.findIndex((b) => b.kind === 'cta');
          return (
            <article className="marketing">
              {m.blocks.map((b, i) => (
                <Fragment key={i}>
                  {/* Issue #30: real reviews, if any, just before the first call to action. */}
                  {i === firstCta && <Reviews reviews={m.reviews} />}
                  <MarketingBlock b={b} m={m} />
                </Fragment>
              ))}
              {firstCta === -1 && <Reviews reviews={m.reviews} />}
              <p className="disclaimer">日常保健用品，效果因人而异，不能代替药物和医疗；身体不适请及时就医。</p>
            </article>
          );
        }}
      </QueryState>
    </Page>
  );
}

function MarketingBlock({ b, m }: { b: Block; m: ProductMarketing }) {
  switch (b.kind) {
    case 'hero':
      return (
        <header className="mk-hero">
          <Image image={b.image} priority sizes="100vw" />
          <h2>{b.title}</h2>
          <p>{b.subtitle}</p>
        </header>
      );
    case 'points':
      return (
        <section className="mk-block">
          <h2 className="mk-title">{b.title}</h2>
          <ul className="mk-points">
            {b.items.map((it) => (
              <li key={it.title}>
                <strong>{it.title}</strong>
                <span>{it.text}</span>
              </li>
            ))}
          </ul>
        </section>
      );
    case 'scenes':
      return (
        <section className="mk-block">
          <h2 className="mk-title">{b.title}</h2>
          <ul className="mk-scenes">
            {b.items.map((it) => (
              <li key={it.title}>
                {it.image && <Image image={it.image} sizes="(max-width: 640px) 45vw, 300px" />}
                <strong>{it.title}</strong>
                <span>{it.text}</span>
              </li>
            ))}
          </ul>
        </section>
      );
    case 'compare':
      return (
        <section className="mk-block">
          <h2 className="mk-title">{b.title}</h2>
          <div className="rt-table">
            <table className="spec-table mk-compare">
              <thead>
                <tr>
                  <th />
                  {b.columns.map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {b.rows.map((r) => (
                  <tr key={r.label}>
                    <th scope="row">{r.label}</th>
                    {r.values.map((v, i) => (
                      <td key={i}>{v}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      );
    case 'steps':
      return (
        <section className="mk-block">
          <h2 className="mk-title">{b.title}</h2>
          <ol className="steps">
            {b.items.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        </section>
      );
    case 'cta':
      return (
        <section className="mk-cta">
          <h2>{b.title}</h2>
          <p>{b.text}</p>
          <p className="mk-price">
            {m.product.name} <Price price={m.product.price} unit={m.product.unit} />
          </p>
          <div className="mk-cta-actions">
            <BuyActions productId={m.product.id} store={m.product.store} />
          </div>
        </section>
      );
  }
}
