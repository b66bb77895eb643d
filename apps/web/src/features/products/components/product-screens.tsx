import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SearchEntry } from '../../../components/content-list.tsx';
import { Chevron } from '../../../components/icons.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { restoresScroll } from '../../../lib/navigation.ts';
import { useRevealed } from '../../../lib/use-revealed.ts';
import type { ProductTypeSection } from '@moxa/core/products/product-contract';
import { useProductPages, useProductTypes } from '../api/queries.ts';
import { ProductGrid } from './product-card.tsx';
import '../products.css';
import { PRODUCT_CENTRE_EAGER } from '@moxa/core/media/picture-sizes';
import { Link } from '../../../components/link.tsx';

/** `/product` (issue #16): every type with its first products and a 更多 link. */
export function ProductHomeScreen() {
  const q = useProductTypes();
  // A place on the page coming back (going back, a reload): every section at once.
  const [restoring] = useState(restoresScroll);
  return (
    <Page title="产品中心">
      <SearchEntry type="product" placeholder="搜索产品，如 艾灸盒、艾条" />
      <QueryState query={q} errorTitle="产品没有加载出来">
        {(types) => <ProductSections types={types} whole={restoring} />}
      </QueryState>
    </Page>
  );
}

/** The centre's sections, a section per frame on a first visit (lib/use-revealed.ts, issue #33 item 3). */
function ProductSections({ types: all, whole }: { types: ProductTypeSection[]; whole: boolean }) {
  const [shown] = useRevealed(all.length, whole);
  const types = all.slice(0, shown);
  return (
    <>
      {types.map((t, i) => (
        <section key={t.id} className="product-section" aria-labelledby={`pt-${t.id}`}>
          <div className="section-head">
            <h2 id={`pt-${t.id}`} className="section-title">
              {t.name}
            </h2>
            <Link to={`/more_product/${t.id}`} className="more-link" aria-label={`更多${t.name}`}>
              更多
              <Chevron />
            </Link>
          </div>
          <p className="section-sub">{t.summary}</p>
          <ProductGrid products={t.products} label={t.name} eager={i === 0 ? PRODUCT_CENTRE_EAGER : 0} />
        </section>
      ))}
      {shown === all.length && <p className="disclaimer">本店产品为日常保健、养生用品，不能代替药物和医疗；身体不适请及时就医。</p>}
    </>
  );
}

/** `/more_product/{type}` (issue #16): one type's products, loaded page by page as you scroll. */
export function ProductListScreen() {
  const { type = '' } = useParams();
  const navigate = useNavigate();
  const pages = useProductPages(type);
  const name = useProductTypes().data?.find((t) => t.id === type)?.name;
  useDocumentTitle(name);
  const query = { ...pages, data: pages.data, isError: pages.isError && !pages.data };
  return (
    <Page title={name ?? '产品中心'}>
      <QueryState
        query={query}
        errorTitle="产品没有加载出来"
        notFound={{ title: '没有找到这个分类', actions: [{ text: '产品中心', primary: true, onClick: () => void navigate('/product') }] }}
        isEmpty={(d) => d.pages[0]!.total === 0}
        empty={{ title: '这个分类的产品正在上架', actions: [{ text: '产品中心', onClick: () => void navigate('/product') }] }}
      >
        {(d) => (
          <>
            <ProductGrid products={d.pages.flatMap((p) => p.items)} label={name ?? '产品'} eager={6} />
            <LoadMore
              hasMore={pages.hasNextPage}
              loading={pages.isFetchingNextPage}
              failed={pages.isFetchNextPageError}
              onMore={() => void pages.fetchNextPage()}
              doneText={`已经到底了，共 ${d.pages[0]!.total} 件`}
            />
          </>
        )}
      </QueryState>
    </Page>
  );
}
