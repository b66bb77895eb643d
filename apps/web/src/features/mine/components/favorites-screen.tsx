import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SAVED_KIND_LABELS, SAVED_KINDS, type SavedItem, type SavedKind } from '@moxa/core/mine/saved-kinds';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback.ts';
import { setFavorite, useSavedList } from '../../../lib/saved-items.ts';
import { KeptList } from './kept-list.tsx';
import { LoginHint } from './login-hint.tsx';
import '../mine.css';

/** `/mine/favorites` 我的收藏 (issue #18): everything favourited, filterable by kind, each removable. */
export function FavoritesScreen() {
  const navigate = useNavigate();
  const q = useSavedList('favorites');
  const [kind, setKind] = useState<SavedKind | 'all'>('all');
  const remove = async (item: SavedItem) => {
    try {
      await setFavorite(item, false);
      void showToast('已取消收藏', 'success');
    } catch (e) {
      void showToast(errorMessage(e), 'fail');
    }
  };
  return (
    <Page title="我的收藏">
      {!q.onAccount && <LoginHint from="/mine/favorites" />}
      <QueryState
        query={q}
        isEmpty={(items) => items.length === 0}
        empty={{
          title: '还没有收藏',
          description: '在穴位、艾灸方法、视频等页面点右上角的“收藏”，就能收藏到这里。',
          actions: [
            { text: '去查穴位', primary: true, onClick: () => void navigate('/acupoint') },
            { text: '看艾灸方法', onClick: () => void navigate('/disease_types') },
          ],
        }}
      >
        {(items) => {
          const kinds = SAVED_KINDS.filter((k) => items.some((i) => i.kind === k));
          const shown = kind === 'all' ? items : items.filter((i) => i.kind === kind);
          return (
            <>
              <div className="chips mine-filter" role="group" aria-label="按类型筛选">
                {(['all', ...kinds] as const).map((k) => (
                  <button
                    key={k}
                    type="button"
                    className={`chip mine-chip${kind === k ? ' mine-chip-on' : ''}`}
                    aria-pressed={kind === k}
                    onClick={() => setKind(k)}
                  >
                    {k === 'all' ? `全部 ${items.length}` : `${SAVED_KIND_LABELS[k]} ${items.filter((i) => i.kind === k).length}`}
                  </button>
                ))}
              </div>
              {shown.length > 0 ? (
                <KeptList items={shown} label="收藏的内容" removeLabel="取消收藏" onRemove={(i) => void remove(i)} />
              ) : (
                <p className="muted mine-none">这一类还没有收藏。</p>
              )}
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
