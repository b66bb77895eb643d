import { useQuery } from '@tanstack/react-query';
import { Page } from '../../../components/page.tsx';
import { apiFetch, errorMessage } from '../../../lib/api-client.ts';
import { setLoginInfo, useLoginInfo } from '../../../lib/login-info.ts';

type Health = { status: string; db: string; version: string };

/** /test: a diagnostics page for support staff — service health, login state, device facts. */
export function TestScreen() {
  const health = useQuery({ queryKey: ['health'], queryFn: () => apiFetch<Health>('/api/health'), staleTime: 0 });
  const info = useLoginInfo();
  const rows: [string, string][] = [
    ['服务状态', health.isPending ? '检查中…' : health.isError ? errorMessage(health.error) : `${health.data.status}（${health.data.db}）`],
    ['服务版本', health.data?.version ?? '—'],
    ['登录状态', info.token ? `已登录：${info.user.name}` : info.user.name],
    ['屏幕宽度', `${window.innerWidth} px`],
    ['浏览器', /MicroMessenger/i.test(navigator.userAgent) ? '微信内置浏览器' : '其他浏览器'],
  ];
  return (
    <Page title="测试页">
      <section className="card">
        <dl className="kv">
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div style={{ padding: '0 16px', display: 'grid', gap: 12 }}>
        <button type="button" className="btn btn-block" onClick={() => void health.refetch()}>
          重新检查
        </button>
        {info.token && (
          <button type="button" className="btn btn-block" onClick={() => setLoginInfo(null)}>
            清除本机登录信息
          </button>
        )}
      </div>
    </Page>
  );
}
