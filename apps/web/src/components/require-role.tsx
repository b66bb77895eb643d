import { useEffect, useState, type ReactNode } from 'react';
import type { Me } from '@moxa/core/login/login-contract';
import { hasRole, type Role } from '@moxa/core/login/roles';
import { apiFetch, errorMessage } from '../lib/api-client.ts';
import { navigate } from '../lib/navigation.ts';
import { Page } from './page.tsx';
import { StatusView } from './status-view.tsx';

type State = { kind: 'checking' } | { kind: 'allowed' } | { kind: 'denied' } | { kind: 'error'; text: string };

/**
 * Role-guarded screens (issue #14 §6), inside RequireLogin: asks the server who this is and shows the
 * screen only to holders of one of `roles`. The server checks every call again (403 in the envelope);
 * this only spares a user a screen of refusals.
 */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    apiFetch<Me>('/api/v8/me').then(
      (me) => live && setState({ kind: hasRole(me.roles, roles) ? 'allowed' : 'denied' }),
      (e: unknown) => live && setState({ kind: 'error', text: errorMessage(e) }),
    );
    return () => {
      live = false;
    };
  }, [roles, attempt]);
  if (state.kind === 'allowed') return <>{children}</>;
  if (state.kind === 'checking') return <div className="page" aria-busy="true" />;
  return (
    <Page title={state.kind === 'denied' ? '没有权限' : '暂时无法连接'}>
      {state.kind === 'denied' ? (
        <StatusView
          kind="error"
          title="没有权限访问此页面"
          description="此页面仅对咨询顾问等工作人员开放。如需帮助，请联系客服。"
          actions={[{ text: '返回首页', primary: true, onClick: () => navigate('/', { replace: true }) }]}
        />
      ) : (
        <StatusView
          kind="error"
          title="暂时无法连接"
          description={state.text}
          actions={[{ text: '重试', primary: true, onClick: () => setAttempt((n) => n + 1) }]}
        />
      )}
    </Page>
  );
}
