import { useState } from 'react';
import { LinkList } from '../../../components/content-list.tsx';
import { CardSkeleton } from '../../../components/card-skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { caseRoute } from '../api/paths.ts';
import { useMyCases } from '../api/queries.ts';
import { formatCaseTime } from '../utils/format.ts';
import { StatusTag } from './case-bits.tsx';

/** How many cases show before 查看全部, so the form stays near the top. */
const FIRST = 3;

/**
 * 我的咨询 (issue #17): the user's cases, newest activity first, with status, date and a dot for an
 * unread reply; hidden while there are none. A failed load says so in a line, with 重试, and never
 * stands in the way of the form below.
 */
export function MyCases() {
  const q = useMyCases();
  const [all, setAll] = useState(false);
  if (q.isError)
    return (
      <div className="card case-inline-error" role="alert">
        <span>我的咨询没有加载出来：{errorMessage(q.error)}</span>
        <button type="button" className="btn" onClick={() => void q.refetch()}>
          重试
        </button>
      </div>
    );
  if (q.data === undefined)
    return (
      <section aria-label="我的咨询">
        <h2 className="section-title">我的咨询</h2>
        <div className="card">
          <CardSkeleton inline lines={2} />
        </div>
      </section>
    );
  if (q.data.length === 0) return null;
  const unread = q.data.filter((c) => c.unread).length;
  const shown = all ? q.data : q.data.slice(0, FIRST);
  return (
    <section aria-labelledby="case-mine-title">
      <div className="section-head">
        <h2 className="section-title" id="case-mine-title">
          我的咨询
        </h2>
        {unread > 0 && <span className="case-unread-count">{unread} 条新回复</span>}
      </div>
      <LinkList
        label="我的咨询"
        rows={shown.map((c) => ({
          to: caseRoute(c.id),
          title: (
            <span className="case-row-title">
              {c.unread && <span className="case-dot" role="img" aria-label="有新回复" />}
              <span className="case-row-text">{c.complaint}</span>
            </span>
          ),
          subtitle: (
            <>
              {c.unread ? <b className="case-new">有新回复 · </b> : null}
              {formatCaseTime(c.updatedAt)}
            </>
          ),
          extra: <StatusTag status={c.status} />,
        }))}
      />
      {q.data.length > FIRST && (
        <button type="button" className="btn btn-plain btn-block case-more" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? '收起' : `查看全部 ${q.data.length} 条咨询`}
        </button>
      )}
    </section>
  );
}
