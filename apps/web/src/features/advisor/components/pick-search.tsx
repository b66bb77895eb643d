import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePickSearch } from '../api/queries.ts';
import { MAX_PICKS, searchPicks, type Pick, type PickKind } from '../utils/reply.ts';

const LABELS: Record<PickKind, { title: string; placeholder: string }> = {
  acupoint: { title: '推荐穴位', placeholder: '输入穴位名，如 足三里' },
  disease: { title: '调理方法', placeholder: '输入病症，如 颈椎、失眠' },
  product: { title: '推荐产品', placeholder: '输入产品名，如 艾灸盒' },
};

/** Waits this long after the last key before searching, so typing Chinese doesn't fire a search per letter. */
const DEBOUNCE_MS = 300;

/**
 * One recommendation picker (issue #17): the picked items as removable chips, a box that searches
 * as you type (GET /api/v8/search?type=…), and the results to tap.
 */
export function PickSearch({
  kind,
  picked,
  onAdd,
  onRemove,
  disabled,
}: {
  kind: PickKind;
  picked: readonly Pick[];
  onAdd: (item: Pick) => void;
  onRemove: (id: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  const { title, placeholder } = LABELS[kind];
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQ(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);
  const search = usePickSearch(kind, q);
  const full = picked.length >= MAX_PICKS;
  const results = searchPicks(search.data);
  const typing = text.trim() !== '';
  const add = (item: Pick) => {
    onAdd(item);
    setText('');
    setQ('');
  };
  return (
    <div className="adv-picker">
      <div className="adv-picker-head">
        <label htmlFor={`${id}-q`} className="adv-label">
          {title}
        </label>
        <span className="muted small">
          {picked.length}/{MAX_PICKS}
        </span>
      </div>
      {picked.length > 0 && (
        <ul className="adv-chips" aria-label={`已选的${title}`}>
          {picked.map((p) => (
            <li key={p.id} className="adv-chip">
              <span>
                {p.title}
                {kind === 'acupoint' && <small> {p.id}</small>}
              </span>
              <button type="button" aria-label={`移除 ${p.title}`} onClick={() => onRemove(p.id)} disabled={disabled}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={`${id}-q`}
        className="adv-input"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        maxLength={40}
        placeholder={full ? `最多选 ${MAX_PICKS} 个` : placeholder}
        value={text}
        disabled={disabled || full}
        aria-controls={typing ? `${id}-results` : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      {typing && (
        <div id={`${id}-results`} className="adv-results" aria-live="polite">
          {search.isError ? (
            <p className="adv-results-note">
              搜索没有成功：{errorMessage(search.error)}
              <button type="button" className="adv-link-btn" onClick={() => void search.refetch()}>
                重试
              </button>
            </p>
          ) : search.data === undefined ? (
            <p className="adv-results-note muted">正在搜索…</p>
          ) : results.length === 0 ? (
            <p className="adv-results-note muted">{search.isFetching || q !== text.trim() ? '正在搜索…' : `没有找到“${q}”，换个字试试`}</p>
          ) : (
            <ul aria-label={`${title}搜索结果`}>
              {results.map((r) => {
                const has = picked.some((p) => p.id === r.id);
                return (
                  <li key={r.id}>
                    <button type="button" className="adv-result" disabled={has || disabled} onClick={() => add(r)}>
                      <span>
                        {r.title}
                        {kind === 'acupoint' && <small className="muted"> {r.id}</small>}
                      </span>
                      <span className="adv-result-add">{has ? '已选' : '＋ 添加'}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
