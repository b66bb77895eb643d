import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Health } from '@moxa/core/http/health-contract';
import { Page } from '../../../components/page.tsx';
import { apiFetch, errorMessage } from '../../../lib/api-client.ts';
import { showConfirm, showToast } from '../../../lib/feedback.ts';
import { setLoginInfo, useLoginInfo } from '../../../lib/login-info.ts';
import { clearLocalData, diagnosticRows, diagnosticText, serviceState } from '../utils/diagnostics.ts';

/** The API's health with how long the round trip took. */
async function checkHealth(): Promise<Health & { ms: number }> {
  const start = performance.now();
  const health = await apiFetch<Health>('/api/health');
  return { ...health, ms: Math.round(performance.now() - start) };
}

function useServiceWorkerState(): string {
  const [state, setState] = useState('检查中…');
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return setState('此浏览器不支持');
    void navigator.serviceWorker.getRegistration().then((r) => setState(r?.active ? '已启用' : r ? '安装中' : '未启用'));
  }, []);
  return state;
}

function useOnline(): boolean {
  const [online, setOnline] = useState(navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** /test (issue #17, title 测试页): diagnostics for support — what this phone runs and whether the service answers. */
export function TestScreen() {
  const health = useQuery({ queryKey: ['health'], queryFn: checkHealth, staleTime: 0, retry: false });
  const info = useLoginInfo();
  const sw = useServiceWorkerState();
  const online = useOnline();
  const rows = diagnosticRows({
    version: __APP_VERSION__,
    buildTime: new Date(__BUILD_TIME__).toLocaleString('zh-CN', { hour12: false }),
    serviceWorker: sw,
    api: serviceState({
      pending: health.isPending,
      ...(health.isError ? { error: errorMessage(health.error) } : {}),
      ...(health.data ? { status: health.data.status, ms: health.data.ms } : {}),
    }),
    loggedIn: Boolean(info.token),
    online,
    screen: `${window.innerWidth} × ${window.innerHeight}`,
    dpr: window.devicePixelRatio,
    userAgent: navigator.userAgent,
  });

  const copy = async () => {
    const text = diagnosticText(rows, new Date());
    try {
      await navigator.clipboard.writeText(text);
      void showToast('已复制，可粘贴发给客服', 'success');
    } catch {
      // Some in-app browsers refuse the clipboard API: select the text for a long-press copy instead.
      const area = document.getElementById('diag-text') as HTMLTextAreaElement | null;
      area?.removeAttribute('hidden');
      area?.select();
      void showToast('请长按选中的文字复制');
    }
  };
  const clear = async () => {
    const sure = await showConfirm(
      '清除本机数据？',
      '将退出登录，并删除本机保存的测试草稿、搜索记录和视频进度。已保存到账号的记录不受影响。',
      '清除',
    );
    if (!sure) return;
    setLoginInfo(null);
    clearLocalData([localStorage, sessionStorage]);
    if ('caches' in window) for (const key of await caches.keys()) await caches.delete(key);
    void showToast('已清除', 'success');
  };

  return (
    <Page title="测试页">
      <section className="card" aria-label="诊断信息">
        <dl className="kv">
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </section>
      <textarea id="diag-text" hidden readOnly value={diagnosticText(rows, new Date())} className="diag-text" aria-label="诊断信息文本" />
      <div style={{ padding: '0 16px', display: 'grid', gap: 12 }}>
        <button type="button" className="btn btn-primary btn-block" onClick={() => void copy()}>
          复制诊断信息
        </button>
        <button type="button" className="btn btn-block" onClick={() => void health.refetch()}>
          重新检查
        </button>
        <button type="button" className="btn btn-danger btn-block" onClick={() => void clear()}>
          清除本机数据
        </button>
      </div>
    </Page>
  );
}
