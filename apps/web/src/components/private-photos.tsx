import { useEffect, useState } from 'react';
import { getLoginInfo } from '../lib/login-info.ts';
import { Viewer } from './viewer.tsx';

type Photo = { id: string; url: string; width: number; height: number };
/** A photo's blob: URL once loaded, `false` if it failed, absent while loading. */
type Sources = Readonly<Record<string, string | false>>;

/**
 * A case's photos need the bearer token (they are health information, served `private, no-store`),
 * so an <img src> cannot load them: each is fetched with the token and shown from a blob: URL,
 * revoked when the page closes.
 */
function usePhotoSources(urls: readonly string[]): { sources: Sources; retry: () => void } {
  const key = urls.join('\n');
  const [sources, setSources] = useState<Sources>({});
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const ctrl = new AbortController();
    const made: string[] = [];
    const token = getLoginInfo()?.token;
    for (const url of key ? key.split('\n') : []) {
      fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: ctrl.signal })
        .then((res) => {
          if (!res.ok) throw new Error(String(res.status));
          return res.blob();
        })
        .then((blob) => {
          if (ctrl.signal.aborted) return;
          const src = URL.createObjectURL(blob);
          made.push(src);
          setSources((s) => ({ ...s, [url]: src }));
        })
        .catch(() => {
          if (!ctrl.signal.aborted) setSources((s) => ({ ...s, [url]: false }));
        });
    }
    return () => {
      ctrl.abort();
      made.forEach((u) => URL.revokeObjectURL(u));
    };
  }, [key, attempt]);
  return {
    sources,
    retry: () => {
      setSources({});
      setAttempt((a) => a + 1);
    },
  };
}

/** Thumbnails of a consultation's photos (issue #17: owner and advisors); a tap opens them full screen. */
export function PrivatePhotos({ photos }: { photos: readonly Photo[] }) {
  const { sources, retry } = usePhotoSources(photos.map((p) => p.url));
  const [open, setOpen] = useState<number | null>(null);
  const failed = photos.some((p) => sources[p.url] === false);
  const shown = photos.map((p) => sources[p.url]);
  return (
    <div className="private-photos">
      <ul className="photo-grid" aria-label="照片">
        {photos.map((p, i) => {
          const src = shown[i];
          return (
            <li key={p.id} className="photo-tile">
              {src ? (
                <button type="button" className="photo-open" aria-label={`查看第 ${i + 1} 张照片大图`} onClick={() => setOpen(i)}>
                  <img src={src} alt={`第 ${i + 1} 张照片`} width={p.width} height={p.height} />
                </button>
              ) : src === false ? (
                <span className="photo-noprev">没有加载出来</span>
              ) : (
                <span className="skeleton photo-wait" aria-label="照片加载中" />
              )}
            </li>
          );
        })}
      </ul>
      {failed && (
        <p className="photo-hint">
          有照片没有加载出来。{' '}
          <button type="button" className="photo-link-btn" onClick={retry}>
            重新加载
          </button>
        </p>
      )}
      {open !== null && (
        <Viewer
          count={shown.length}
          start={open}
          label="查看照片"
          onClose={() => setOpen(null)}
          slide={(i) =>
            shown[i] ? (
              <img src={shown[i]} alt={`第 ${i + 1} 张照片`} />
            ) : (
              <span className="photo-viewer-wait">{shown[i] === false ? '没有加载出来' : '加载中…'}</span>
            )
          }
        />
      )}
    </div>
  );
}
