import { useNavigate } from 'react-router';
import type { SavedItem } from '@moxa/core/mine/saved-kinds';
import { Page } from '../../../components/page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showConfirm, showToast } from '../../../lib/feedback.ts';
import { clearHistory, removeView, useSavedList } from '../../../lib/saved-items.ts';
import { groupByDay, timeOfDay } from '../utils/group-by-day.ts';
import { KeptList } from './kept-list.tsx';
import { LoginHint } from './login-hint.tsx';
import '../mine.css';

/** `/mine/history` 浏览记录 (issue #18): the last 100 detail pages viewed, by day; 清空 after a confirmation. */
export function HistoryScreen() {
  const navigate = useNavigate();
  const q = useSavedList('history');
  const remove = async (item: SavedItem) => {
    try {
      await removeView(item.kind, item.id);
      void showToast('已删除这条记录', 'success');
    } catch (e) {
      void showToast(errorMessage(e), 'fail');
    }
  };
  const clear = async () => {
    if (!(await showConfirm('清空浏览记录？', '全部浏览记录都会删除，不能恢复。收藏不受影响。', '清空'))) return;
    try {
      await clearHistory();
      void showToast('浏览记录已清空', 'success');
    } catch (e) {
      void showToast(errorMessage(e), 'fail');
    }
  };
  const hasItems = (q.data?.length ?? 0) > 0;
  return (
    <Page
      title="浏览记录"
      right={
        hasItems ? (
          <button type="button" className="mine-clear" onClick={() => void clear()}>
            清空
          </button>
        ) : undefined
      }
    >
      {!q.onAccount && <LoginHint from="/mine/history" />}
      <QueryState
        query={q}
        isEmpty={(items) => items.length === 0}
        empty={{
          title: '还没有浏览记录',
          description: '看过的穴位、艾灸方法、文章、产品和视频会记在这里，最多保留 100 条。',
          actions: [{ text: '去查穴位', primary: true, onClick: () => void navigate('/acupoint') }],
        }}
      >
        {(items) =>
          groupByDay(items, Date.now()).map((g) => (
            <section key={g.label} aria-label={g.label}>
              <h2 className="section-title">{g.label}</h2>
              <KeptList items={g.items} label={g.label} meta={(i) => timeOfDay(i.at)} removeLabel="删除" onRemove={(i) => void remove(i)} />
            </section>
          ))
        }
      </QueryState>
    </Page>
  );
}
