import { useDeferredValue, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { SearchResult } from '@moxa/core/search/search-contract';
import { isSearchType, SEARCH_EXAMPLES, SEARCH_KIND_NAMES, SEARCH_TYPES, type SearchType } from '@moxa/core/search/search-kinds';
import { HighlightText } from '../../../components/highlight-text.tsx';
import { Chevron, SearchIcon } from '../../../components/icons.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { Page } from '../../../components/page.tsx';
import { StatusView } from '../../../components/status-view.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { SITE_RECENT_SEARCHES_KEY } from '../../../lib/recent-searches.ts';
import { useRecentSearches } from '../../../lib/use-recent-searches.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSearch } from '../api/search.ts';
import { Link } from '../../../components/link.tsx';
import '../search.css';

const TABS = SEARCH_TYPES;
const tabName = (t: SearchType) => (t === 'all' ? '全部' : SEARCH_KIND_NAMES[t]);
// Partial: a kind made by `npm run new:kind` gets the plain hint (issue #28 item 4).
const PLACEHOLDER: Partial<Record<SearchType, string>> = {
  all: '搜索穴位、病症、须知、问答',
  acupoint: '穴位名称、拼音或编号',
  disease: '病症名称或拼音',
  problem: '如 艾灸盒、多久灸一次',
  product: '产品名称',
  video: '视频标题',
};
/** The box's hint (one short line on a phone): what to type, else the kind's examples. */
function placeholder(type: SearchType): string {
  const examples = SEARCH_EXAMPLES[type];
  return PLACEHOLDER[type] ?? (examples ? `如 ${examples.join('、')}` : `搜索${tabName(type)}`);
}

/**
 * `/search/{type}` (issue #15): one search over every kind, or one kind. The term lives in the URL
 * (?q=), so going back returns to the same results; recent terms stay on this phone only.
 */
export function SearchScreen() {
  const { type: rawType = 'all' } = useParams();
  const valid = isSearchType(rawType);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const { recent, remember, clear } = useRecentSearches(SITE_RECENT_SEARCHES_KEY);
  const type: SearchType = valid ? rawType : 'all';
  useDocumentTitle(valid ? `搜索${type === 'all' ? '' : tabName(type)}` : undefined);

  // Typing updates the URL after a short pause; each distinct term is one request.
  useEffect(() => {
    const t = setTimeout(() => {
      if (text.trim() !== q) setParams(text.trim() ? { q: text.trim() } : {}, { replace: true });
    }, 250);
    return () => clearTimeout(t);
  }, [text, q, setParams]);
  const term = useDeferredValue(q);

  if (!valid) {
    return (
      <Page title="搜索">
        <StatusView
          kind="empty"
          title="没有这个搜索分类"
          actions={[{ text: '搜索全部内容', primary: true, onClick: () => void navigate('/search/all', { replace: true }) }]}
        />
      </Page>
    );
  }

  const go = (t: SearchType) =>
    void navigate({ pathname: `/search/${t}`, search: q ? `?q=${encodeURIComponent(q)}` : '' }, { replace: true });
  return (
    <Page title="搜索">
      <form
        className="sr-bar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) {
            remember(text.trim());
            setParams({ q: text.trim() }, { replace: true });
          }
          (document.activeElement as HTMLElement | null)?.blur();
        }}
      >
        <SearchIcon />
        <input
          type="search"
          enterKeyHint="search"
          aria-label="搜索内容"
          placeholder={placeholder(type)}
          value={text}
          maxLength={40}
          autoFocus={!q}
          onChange={(e) => setText(e.target.value)}
        />
        {text && (
          <button type="button" className="sr-clear" aria-label="清空" onClick={() => setText('')}>
            ×
          </button>
        )}
      </form>
      <nav className="sr-tabs" aria-label="搜索范围">
        {TABS.map((t) => (
          <button key={t} type="button" className={`chip${t === type ? ' chip-on' : ''}`} aria-pressed={t === type} onClick={() => go(t)}>
            {tabName(t)}
          </button>
        ))}
      </nav>
      {term ? (
        <Results type={type} q={term} onPick={() => remember(term)} />
      ) : (
        <Recent
          recent={recent}
          examples={SEARCH_EXAMPLES[type]}
          clear={clear}
          pick={(t) => {
            setText(t);
            setParams({ q: t }, { replace: true });
          }}
        />
      )}
    </Page>
  );
}

type RecentProps = { recent: string[]; examples: readonly string[] | undefined; clear: () => void; pick: (t: string) => void };

/** Before a term: this phone's recent terms, or on a first visit terms to tap instead of typing. */
function Recent({ recent, examples, clear, pick }: RecentProps) {
  const hint = <p className="intro">可以输入中文、全拼或拼音首字母，如“失眠”“shimian”“sm”。</p>;
  if (recent.length === 0 && examples)
    return (
      <section className="sr-recent" aria-label="试试搜索">
        <h2 className="section-title">试试搜索</h2>
        <TermChips terms={examples} pick={pick} />
        {hint}
      </section>
    );
  if (recent.length === 0) return hint;
  return (
    <section className="sr-recent" aria-label="最近搜索">
      <div className="sr-recent-head">
        <h2 className="section-title">最近搜索</h2>
        <button type="button" className="btn btn-plain" onClick={clear}>
          清除
        </button>
      </div>
      <TermChips terms={recent} pick={pick} />
    </section>
  );
}

function TermChips({ terms, pick }: { terms: readonly string[]; pick: (t: string) => void }) {
  return (
    <div className="sr-recent-list">
      {terms.map((t) => (
        <button key={t} type="button" className="chip" onClick={() => pick(t)}>
          {t}
        </button>
      ))}
    </div>
  );
}

function Results({ type, q, onPick }: { type: SearchType; q: string; onPick: () => void }) {
  const s = useSearch(type, q);
  const navigate = useNavigate();
  if (s.isError && !s.data)
    return (
      <StatusView
        kind="error"
        title="搜索没有完成"
        description={errorMessage(s.error)}
        actions={[{ text: '重试', primary: true, onClick: () => void s.refetch() }]}
      />
    );
  if (!s.data) return <ListSkeleton rows={4} />;
  const pages = s.data.pages;
  const groups = pages[0]!.groups;
  const total = groups.reduce((n, g) => n + g.total, 0);
  if (total === 0) {
    const soon = type === 'product' || type === 'video';
    return (
      <StatusView
        kind="empty"
        title={soon ? `${tabName(type)}内容即将上线` : `没有找到“${q}”相关的内容`}
        description={soon ? '可以先搜索穴位、病症或须知。' : '换个说法试试，比如用病症名、穴位名或拼音首字母。'}
        actions={
          type === 'all'
            ? []
            : [{ text: '搜索全部内容', onClick: () => void navigate(`/search/all?q=${encodeURIComponent(q)}`, { replace: true }) }]
        }
      />
    );
  }
  if (type === 'all') {
    return (
      <div aria-live="polite">
        {groups.map((g) => (
          <section key={g.kind} aria-label={g.name}>
            <div className="sr-group-head">
              <h2 className="section-title">
                {g.name} <span className="muted small">{g.total}条</span>
              </h2>
              {g.total > g.items.length && (
                <Link className="sr-more" to={`/search/${g.kind}?q=${encodeURIComponent(q)}`} replace>
                  查看全部
                </Link>
              )}
            </div>
            <ResultList items={g.items} onPick={onPick} />
          </section>
        ))}
      </div>
    );
  }
  const items = pages.flatMap((p) => p.groups[0]?.items ?? []);
  return (
    <div aria-live="polite">
      <p className="sr-count muted small">共 {groups[0]!.total} 条</p>
      <ResultList items={items} onPick={onPick} />
      {s.hasNextPage && (
        <button type="button" className="btn btn-block sr-load" disabled={s.isFetchingNextPage} onClick={() => void s.fetchNextPage()}>
          {s.isFetchingNextPage ? '加载中…' : '加载更多'}
        </button>
      )}
    </div>
  );
}

function ResultList({ items, onPick }: { items: SearchResult[]; onPick: () => void }) {
  return (
    <ul className="link-list">
      {items.map((r) => (
        <li key={`${r.kind}:${r.id}`}>
          <Link to={r.href} className="link-row" onClick={onPick}>
            <span className="link-row-body">
              <span className="link-row-title">
                <HighlightText text={r.title} ranges={r.titleRanges} />
              </span>
              <span className="link-row-sub">
                {r.matched ? (
                  <>
                    匹配：
                    <HighlightText text={r.matched.text} ranges={[r.matched.range]} />
                    {' · '}
                  </>
                ) : null}
                {r.summary}
              </span>
            </span>
            <Chevron />
          </Link>
        </li>
      ))}
    </ul>
  );
}
