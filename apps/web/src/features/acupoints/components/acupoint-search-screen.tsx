import { useDeferredValue, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { KEEP_SCROLL_STATE } from '../../../lib/navigation.ts';
import { Page } from '../../../components/page.tsx';
import { StatusView } from '../../../components/status-view.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAcupointSearch } from '../hooks/use-acupoint-search.ts';
import { useMeridianNames } from '../hooks/use-meridian-names.ts';
import { useRecentSearches } from '../../../lib/use-recent-searches.ts';
import { SEARCH_LIMIT, type AcupointHit } from '../utils/search-docs.ts';
import { HighlightText } from '../../../components/highlight-text.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { SearchIcon } from '../../../components/icons.tsx';
import { PointList, PointRow } from './point-list.tsx';
import '../acupoints.css';

/** Issue #4: one of each kind of query the search understands, as tappable examples. */
const SUGGESTIONS = ['足三里', '关元', '失眠', 'zsl', 'ST36'];

/**
 * `/acupoint_search` 穴位搜索 (issue #4): as-you-type results over the full list in the browser —
 * Chinese name, pinyin with or without tones, initials, code (SJ5 = TE5) and indications — with
 * recent searches kept on this phone. The query lives in ?q= so back from a result restores it.
 */
export function AcupointSearchScreen() {
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const deferred = useDeferredValue(query);
  const { list, hits } = useAcupointSearch(deferred);
  const { recent, remember, clear } = useRecentSearches();
  const meridianName = useMeridianNames();
  const inputRef = useRef<HTMLInputElement>(null);
  const term = query.trim();

  useEffect(() => {
    if ((params.get('q') ?? '') !== query) setParams(query ? { q: query } : {}, { replace: true, state: KEEP_SCROLL_STATE });
  }, [query, params, setParams]);

  // Focus on open so the keyboard is ready; not when coming back to earlier results.
  useEffect(() => {
    if (!inputRef.current?.value) inputRef.current?.focus();
  }, []);

  const pick = (t: string) => {
    setQuery(t);
    remember(t);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (term) remember(term);
    inputRef.current?.blur(); // hides the phone keyboard so the results can be seen
  };

  let body;
  if (list.isError) {
    body = (
      <StatusView
        kind="error"
        title="穴位没有加载出来"
        description={errorMessage(list.error)}
        actions={[{ text: '重试', primary: true, onClick: () => void list.refetch() }]}
      />
    );
  } else if (!term) {
    body = <SearchStart recent={recent} onPick={pick} onClear={clear} />;
  } else if (list.isPending) {
    body = <ListSkeleton />;
  } else if (deferred.trim() && hits.length === 0) {
    body = (
      <>
        <StatusView kind="empty" title={`没有找到“${term}”`} description="换个说法试试：穴位名、拼音首字母、编号或病症。" />
        <Chips title="试试这些" items={SUGGESTIONS} onPick={pick} />
      </>
    );
  } else {
    body = (
      <>
        <p className="acu-count muted small" aria-live="polite">
          {hits.length >= SEARCH_LIMIT ? `最相关的 ${SEARCH_LIMIT} 个穴位` : `找到 ${hits.length} 个穴位`}
        </p>
        <PointList label="搜索结果">
          {hits.map((h) => (
            <ResultRow key={h.doc.id} hit={h} meridian={meridianName(h.doc.point.meridian)} onOpen={() => remember(term)} />
          ))}
        </PointList>
      </>
    );
  }

  return (
    <Page title="穴位搜索">
      <form className="acu-searchbar" role="search" onSubmit={submit}>
        <div className="acu-search-field">
          <SearchIcon />
          <input
            ref={inputRef}
            type="search"
            aria-label="搜索穴位"
            enterKeyHint="search"
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={50}
            placeholder="穴位名、拼音、编号或病症"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          {query && (
            <button
              type="button"
              className="icon-btn acu-clear"
              aria-label="清空"
              onClick={() => {
                setQuery('');
                inputRef.current?.focus();
              }}
            >
              <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
                <circle cx="12" cy="12" r="10" fill="currentColor" opacity="0.35" />
                <path d="M8.5 8.5l7 7M15.5 8.5l-7 7" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          )}
        </div>
      </form>
      {body}
    </Page>
  );
}

function ResultRow({ hit, meridian, onOpen }: { hit: AcupointHit; meridian: string; onOpen: () => void }) {
  const p = hit.doc.point;
  const byCode = hit.nameRanges.length === 0 && !hit.keyword;
  return (
    <PointRow
      point={p}
      onOpen={onOpen}
      name={<HighlightText text={p.name} ranges={hit.nameRanges} />}
      meta={
        <>
          {byCode ? <mark className="hl-mark acu-code">{p.code}</mark> : <span className="acu-code">{p.code}</span>}
          <span> · {meridian}</span>
          {hit.keyword && (
            <span className="acu-row-keyword">
              {' '}
              · 主治：
              <HighlightText text={hit.keyword.text} ranges={[hit.keyword.range]} />
            </span>
          )}
        </>
      }
    />
  );
}

function SearchStart({ recent, onPick, onClear }: { recent: string[]; onPick: (t: string) => void; onClear: () => void }) {
  return (
    <>
      {recent.length > 0 && (
        <Chips
          title="最近搜索"
          items={recent}
          onPick={onPick}
          action={
            <button type="button" className="acu-link-btn" onClick={onClear}>
              清除
            </button>
          }
        />
      )}
      <Chips title="试试这些" items={SUGGESTIONS} onPick={onPick} />
      <div className="card acu-card acu-help">
        <h3 className="acu-h">可以这样搜</h3>
        <dl className="kv">
          <div>
            <dt>穴位名</dt>
            <dd>足三里、三里</dd>
          </div>
          <div>
            <dt>拼音或首字母</dt>
            <dd>zusanli、zsl</dd>
          </div>
          <div>
            <dt>国际编号</dt>
            <dd>ST36、SJ5</dd>
          </div>
          <div>
            <dt>病症</dt>
            <dd>失眠、胃痛、腰痛</dd>
          </div>
        </dl>
      </div>
    </>
  );
}

function Chips({ title, items, onPick, action }: { title: string; items: string[]; onPick: (t: string) => void; action?: ReactNode }) {
  return (
    <section className="acu-chips-block" aria-label={title}>
      <div className="acu-chips-head">
        <h3 className="acu-h">{title}</h3>
        {action}
      </div>
      <div className="acu-chips">
        {items.map((t) => (
          <button key={t} type="button" className="chip acu-chip" onClick={() => onPick(t)}>
            {t}
          </button>
        ))}
      </div>
    </section>
  );
}
