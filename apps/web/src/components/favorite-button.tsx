import { useState } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { showToast } from '../lib/feedback.ts';
import { setFavorite, useSavedList, type KeptItem } from '../lib/saved-items.ts';

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 3.5l2.6 5.3 5.8.8-4.2 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * 收藏 in a detail screen's header (issue #18): one tap keeps the item (on the account when logged
 * in, else on this phone) and a toast says so; `aria-pressed` tells a screen reader its state.
 */
export default function FavoriteButton({ item }: { item: KeptItem }) {
  const favorites = useSavedList('favorites');
  const [busy, setBusy] = useState(false);
  const on = favorites.data?.some((i) => i.kind === item.kind && i.id === item.id) ?? false;
  const onClick = async () => {
    if (busy || favorites.data === undefined) return;
    setBusy(true);
    try {
      await setFavorite(item, !on);
      void showToast(on ? '已取消收藏' : '已收藏，可在“我的收藏”里找到', 'success');
    } catch (e) {
      void showToast(errorMessage(e), 'fail');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={`icon-btn fav-btn${on ? ' fav-btn-on' : ''}`}
      aria-label={on ? '取消收藏' : '收藏'}
      aria-pressed={on}
      aria-busy={busy}
      onClick={() => void onClick()}
    >
      <StarIcon filled={on} />
      <span className="fav-btn-text" aria-hidden="true">
        {on ? '已收藏' : '收藏'}
      </span>
    </button>
  );
}
