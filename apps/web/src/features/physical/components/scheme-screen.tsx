import { useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { ConstitutionType, SchemeView } from '@moxa/core/physical/physical-contract';
import { isConstitutionType } from '@moxa/core/physical/constitution';
import { Page } from '../../../components/page.tsx';
import { ReadAloud } from '../../../components/read-aloud.tsx';

import { StatusView } from '../../../components/status-view.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useScheme } from '../api/get-scheme.ts';
import { useTypes } from '../api/get-types.ts';
import { Chevron, Skeleton } from './bits.tsx';
import { Link } from '../../../components/link.tsx';
import '../physical.css';

/**
 * /physical/conditioning_cheme — the conditioning scheme of one constitution (`?type=qixu`), or,
 * without a valid type, the nine to choose from (issue #5).
 */
export function SchemeScreen() {
  const [params] = useSearchParams();
  const raw = params.get('type');
  const parsed = isConstitutionType(raw) ? { success: true as const, data: raw } : { success: false as const };
  return parsed.success ? <Scheme type={parsed.data} /> : <TypeList />;
}

function TypeList() {
  const types = useTypes();
  return (
    <Page title="调理方案">
      <p className="phy-intro">九种体质各有调养的侧重。选一种查看饮食、起居、运动、情志和艾灸的建议。</p>
      {types.isPending ? (
        <Skeleton cards={4} lines={2} />
      ) : types.isError ? (
        <StatusView
          kind="error"
          title="没有加载出来"
          description={errorMessage(types.error)}
          actions={[{ text: '重试', primary: true, onClick: () => void types.refetch() }]}
        />
      ) : types.data.length === 0 ? (
        <StatusView kind="empty" title="暂时没有调理方案" />
      ) : (
        <nav className="card phy-links" aria-label="九种体质">
          {types.data.map((t) => (
            <Link key={t.type} to={`/physical/conditioning_cheme?type=${t.type}`}>
              <span>
                <b>{t.name}</b>
                <span className="small muted">{t.summary}</span>
              </span>
              <Chevron />
            </Link>
          ))}
        </nav>
      )}
      <div className="phy-actions">
        <Link className="btn btn-block" to="/physical">
          不知道自己的体质？先做测试
        </Link>
      </div>
    </Page>
  );
}

function Section({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`card phy-scheme-part ${className}`}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function Scheme({ type }: { type: ConstitutionType }) {
  const scheme = useScheme(type);
  if (scheme.isPending) {
    return (
      <Page title="调理方案">
        <Skeleton cards={4} lines={4} />
      </Page>
    );
  }
  if (scheme.isError) {
    return (
      <Page title="调理方案">
        <StatusView
          kind="error"
          title="调理方案没有加载出来"
          description={errorMessage(scheme.error)}
          actions={[{ text: '重试', primary: true, onClick: () => void scheme.refetch() }]}
        />
      </Page>
    );
  }
  return <SchemeBody s={scheme.data} />;
}

function SchemeBody({ s }: { s: SchemeView }) {
  const text = useRef<HTMLDivElement>(null);
  return (
    <Page title={`${s.name}调理方案`}>
      <ReadAloud source={text} />
      <div ref={text}>
        <section className="phy-result-hero phy-scheme-hero">
          <p className="phy-result-label">调理方案</p>
          <h2 className="phy-result-name">{s.name}</h2>
          <p className="phy-result-summary">{s.description.summary}</p>
          <p className="phy-result-conclusion">
            <span>调理原则</span>
            {s.principle}
          </p>
        </section>

        <Section title="饮食调养">
          <p>{s.diet.advice}</p>
          {s.diet.recommended.length > 0 && (
            <div className="phy-food">
              <h3>宜吃</h3>
              <div>
                {s.diet.recommended.map((f) => (
                  <span key={f} className="phy-tag-good">
                    {f}
                  </span>
                ))}
              </div>
            </div>
          )}
          {s.diet.avoid.length > 0 && (
            <div className="phy-food">
              <h3>少吃或不吃</h3>
              <div>
                {s.diet.avoid.map((f) => (
                  <span key={f} className="phy-tag-bad">
                    {f}
                  </span>
                ))}
              </div>
            </div>
          )}
        </Section>

        <Section title="起居调摄">
          <p>{s.living}</p>
        </Section>
        <Section title="运动锻炼">
          <p>{s.exercise}</p>
        </Section>
        <Section title="情志调节">
          <p>{s.emotion}</p>
        </Section>

        <Section title="艾灸调理" className="phy-moxa">
          <p>{s.moxibustion.summary}</p>
          <ul className="phy-points">
            {s.moxibustion.points.map((p) => (
              <li key={p.code}>
                <Link to={`/acupoint_detail/${encodeURIComponent(p.id)}`} className="phy-point-head">
                  <b>{p.name}</b>
                  <span className="phy-point-code">{p.code}</span>
                  <span className="phy-point-more">
                    穴位位置
                    <Chevron />
                  </span>
                </Link>
                <dl>
                  <div>
                    <dt>方法</dt>
                    <dd>{p.method}</dd>
                  </div>
                  <div>
                    <dt>时间</dt>
                    <dd>{p.minutes}</dd>
                  </div>
                  <div>
                    <dt>频次</dt>
                    <dd>{p.frequency}</dd>
                  </div>
                </dl>
                {p.note && <p className="phy-point-note">{p.note}</p>}
              </li>
            ))}
          </ul>
          <p className="phy-course">
            <span>疗程</span>
            {s.moxibustion.course}
          </p>
          {/* Issue #18: the scheme's points as a guided session. */}
          <Link className="btn btn-primary btn-block" to={`/moxa_session?scheme=${encodeURIComponent(s.type)}`}>
            跟着灸：按方案开始
          </Link>
        </Section>

        <Section title="四季调养">
          <p>{s.seasonal}</p>
        </Section>

        <section className="card phy-cautions" aria-labelledby="phy-cautions-title">
          <h2 id="phy-cautions-title">注意事项</h2>
          <ul>
            {s.cautions.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </section>

        <p className="phy-doctor">
          <b>何时就医：</b>
          如果身体不适明显、持续不缓解或逐渐加重，或已有慢性病、正在服药、怀孕，请先到正规医院就诊，在医生指导下调理。艾灸只作保健，不能代替诊断和治疗。
        </p>
      </div>

      <div className="phy-actions">
        <Link className="btn btn-block" to="/physical/conditioning_cheme">
          看看其他体质的调理方案
        </Link>
        <Link className="btn btn-block" to="/physical">
          做一次体质测试
        </Link>
      </div>
    </Page>
  );
}
