import type { Brand } from '@moxa/core/brand/brand-contract';
import { BrandFooter } from '../../../components/brand-footer.tsx';
import { CardSkeleton } from '../../../components/card-skeleton.tsx';
import { LinkList } from '../../../components/content-list.tsx';
import { Image } from '../../../components/image.tsx';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RichTextView } from '../../../components/rich-text-view.tsx';
import { telHref, useBrand } from '../../../lib/brand.ts';
import { useShareCard } from '../../../lib/share-card.ts';
import { Link } from '../../../components/link.tsx';
import '../legal.css';

/**
 * `/about` 关于我们 (issue #30): the brand's own words, then who runs the service and how to reach
 * them — company, address, 客服电话, 客服微信 — and the ICP filing number in the footer, all from the
 * brand settings the operator edits in the console. A field not set is left out, never filled in.
 */
export function AboutScreen() {
  const q = useBrand();
  const share = q.data?.share;
  useShareCard(share && { title: share.title, description: share.description, image: share.image ?? undefined });
  return (
    <Page title="关于我们">
      <QueryState query={q} skeleton={<CardSkeleton cards={2} />} errorTitle="关于我们没有加载出来">
        {(b) => <About b={b} />}
      </QueryState>
    </Page>
  );
}

function About({ b }: { b: Brand }) {
  const hasContact = Boolean(b.companyName || b.address || b.servicePhone || b.serviceWechatQr);
  return (
    <>
      <section className="card about-intro">
        {b.about.children.length > 0 && <RichTextView value={b.about} />}
        <p>
          这里的内容用于日常保健参考，<strong>不是医疗诊断，也不能代替就医</strong>。身体不适持续或加重、孕期或有慢性病，请先咨询医生。
        </p>
      </section>
      <section className="card about-contact" aria-labelledby="about-contact">
        <h2 id="about-contact">联系我们</h2>
        {hasContact ? (
          <dl className="about-facts">
            {b.companyName && (
              <div>
                <dt>公司</dt>
                <dd>{b.companyName}</dd>
              </div>
            )}
            {b.address && (
              <div>
                <dt>地址</dt>
                <dd>{b.address}</dd>
              </div>
            )}
            {b.servicePhone && (
              <div>
                <dt>客服电话</dt>
                <dd>
                  <a href={telHref(b.servicePhone)}>{b.servicePhone}</a>
                </dd>
              </div>
            )}
            {b.serviceWechatQr && (
              <div>
                <dt>客服微信</dt>
                <dd>
                  <Image image={b.serviceWechatQr} sizes="180px" className="about-qr" />
                  <span className="muted small">长按识别二维码，添加客服微信</span>
                </dd>
              </div>
            )}
          </dl>
        ) : (
          <p className="muted">运营方还没有填写联系方式。</p>
        )}
        <p>
          对艾灸调理或产品有疑问，也可以<Link to="/single-order-h5/ConsultationH5">在线咨询顾问</Link>。
        </p>
      </section>
      <LinkList
        label="协议"
        rows={[
          { to: '/privacy', title: '隐私政策', subtitle: '收集什么、保存多久、您的权利' },
          { to: '/terms', title: '用户协议' },
        ]}
      />
      <BrandFooter about={false} />
    </>
  );
}
