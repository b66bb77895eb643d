import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Me } from '@moxa/core/login/login-contract';
import { Page } from '../../../components/page.tsx';
import { SmsStepUp } from '../../../components/sms-step-up.tsx';
import { StatusView } from '../../../components/status-view.tsx';
import { apiFetch, errorMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback.ts';
import { isLoggedIn, setLoginInfo } from '../../../lib/login-info.ts';
import { mergeAfterLogin } from '../../../lib/merge-after-login.ts';
import { logout } from '../../../lib/logout.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  bindWechat,
  checkout,
  clearPendingBind,
  readPendingBind,
  savePendingBind,
  startWechat,
  switchAccount,
  takeStartedState,
  type PendingBind,
} from '../../../lib/wechat-client.ts';
import { useWechatConfig } from '../api/wechat.ts';

/** Only same-app paths are followed after login (an open redirect would be a phishing aid). */
export const safeReturn = (path: string | null): string => (path && /^\/(?!\/)[^\s\\]*$/.test(path) ? path : '/');

type Phase =
  | { kind: 'working'; text: string }
  | { kind: 'stale'; text: string }
  | { kind: 'need-login' }
  | { kind: 'confirm-bind'; pending: PendingBind }
  | { kind: 'switch'; ticket: string; state: string; account: string; returnTo: string }
  | { kind: 'error'; text: string }
  | { kind: 'off' };

/**
 * /authorize — where WeChat OAuth starts and returns (issue #13 item 1). Opened without a code it
 * starts the round trip itself; a code counts only with the state this
 * tab started; bound → logged in (asking first if someone else is logged in here); not bound → the
 * user confirms binding to their account and proves its phone with a fresh SMS code.
 */
export function AuthorizeScreen() {
  useDocumentTitle('微信登录');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const config = useWechatConfig();
  const [phase, setPhase] = useState<Phase>({ kind: 'working', text: '正在确认微信身份…' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !config.data) return;
    if (!config.data.enabled) return setPhase({ kind: 'off' });
    started.current = true;
    const pending = readPendingBind();
    if (params.get('bind') === '1' && pending && isLoggedIn()) return setPhase({ kind: 'confirm-bind', pending });
    const code = params.get('code');
    const state = params.get('state');
    if (!code && !state) {
      // The entry point (e.g. the official account's menu links to /authorize?returnTo=…): the app
      // starts the round trip itself.
      setPhase({ kind: 'working', text: '正在前往微信授权…' });
      startWechat(safeReturn(params.get('returnTo'))).catch((e: unknown) => setPhase({ kind: 'error', text: errorMessage(e) }));
      return;
    }
    if (!code) return setPhase({ kind: 'stale', text: '没有收到微信授权信息' });
    // Not a round trip this tab started (a forwarded link, an old tab): never send its code.
    if (!state || takeStartedState() !== state) return setPhase({ kind: 'stale', text: '这个微信授权链接已过期，或不是从本页面发起的' });
    checkout(code, state)
      .then((r) => {
        const returnTo = safeReturn(r.returnTo);
        if (r.loginInfo) {
          setLoginInfo(r.loginInfo);
          mergeAfterLogin();
          void showToast('登录成功', 'success');
          void navigate(returnTo, { replace: true });
        } else if (r.switchTicket && r.account) {
          setPhase({ kind: 'switch', ticket: r.switchTicket, state, account: r.account, returnTo });
        } else if (r.bindTicket) {
          const next: PendingBind = { ticket: r.bindTicket, state, returnTo };
          savePendingBind(next);
          setPhase(isLoggedIn() ? { kind: 'confirm-bind', pending: next } : { kind: 'need-login' });
        }
      })
      .catch((e: unknown) => setPhase({ kind: 'error', text: errorMessage(e) }));
  }, [config.data, params, navigate]);

  const restart = () => void startWechat('/').catch((e: unknown) => setPhase({ kind: 'error', text: errorMessage(e) }));

  let body;
  if (config.isError)
    body = (
      <StatusView
        kind="error"
        title="暂时无法连接"
        description={errorMessage(config.error)}
        actions={[{ text: '重试', primary: true, onClick: () => void config.refetch() }]}
      />
    );
  else if (phase.kind === 'off')
    body = (
      <StatusView
        kind="empty"
        title="微信登录尚未开通"
        description="本服务还没有配置微信登录，请使用手机号验证码登录。"
        actions={[{ text: '手机号登录', primary: true, onClick: () => void navigate('/login', { replace: true }) }]}
      />
    );
  else if (phase.kind === 'stale')
    body = (
      <StatusView
        kind="error"
        title="请重新发起微信登录"
        description={`${phase.text}。为了账号安全，请在本页面重新发起。`}
        actions={[
          { text: '重新微信登录', primary: true, onClick: restart },
          { text: '手机号登录', onClick: () => void navigate('/login', { replace: true }) },
        ]}
      />
    );
  else if (phase.kind === 'need-login')
    body = (
      <StatusView
        kind="empty"
        title="请先验证手机号"
        description="这个微信还没有绑定账号。请先用手机号验证码登录，再确认绑定；之后可直接用微信登录。"
        actions={[
          { text: '去登录', primary: true, onClick: () => void navigate('/login', { state: { returnTo: '/authorize?bind=1' } }) },
          {
            text: '暂不绑定',
            onClick: () => {
              clearPendingBind();
              void navigate('/', { replace: true });
            },
          },
        ]}
      />
    );
  else if (phase.kind === 'confirm-bind') body = <ConfirmBind pending={phase.pending} />;
  else if (phase.kind === 'switch')
    body = (
      <StatusView
        kind="empty"
        title={`切换到账号 ${phase.account}？`}
        description={`这个微信绑定的是账号 ${phase.account}，与当前登录的账号不同。切换后，当前账号将在本机退出登录。`}
        actions={[
          {
            text: '切换账号',
            primary: true,
            onClick: () =>
              void (async () => {
                try {
                  await logout('device');
                  setLoginInfo(await switchAccount(phase.ticket, phase.state));
                  mergeAfterLogin();
                  void showToast('已切换账号', 'success');
                  void navigate(phase.returnTo, { replace: true });
                } catch (e) {
                  setPhase({ kind: 'error', text: errorMessage(e) });
                }
              })(),
          },
          { text: '保持当前账号', onClick: () => void navigate(phase.returnTo, { replace: true }) },
        ]}
      />
    );
  else if (phase.kind === 'error')
    body = (
      <StatusView
        kind="error"
        title="微信登录失败"
        description={phase.text}
        actions={[
          { text: '重新微信登录', primary: true, onClick: restart },
          { text: '手机号登录', onClick: () => void navigate('/login', { replace: true }) },
        ]}
      />
    );
  else body = <StatusView kind="empty" title={phase.text} />;
  return <Page title="微信登录">{body}</Page>;
}

/** 将微信绑定到账号 138******00？ — with the account's number masked and a fresh SMS code. */
function ConfirmBind({ pending }: { pending: PendingBind }) {
  const navigate = useNavigate();
  const me = useQuery({ queryKey: ['me'], queryFn: () => apiFetch<Me>('/api/v8/me') });
  const account = me.data?.mobile ?? '…';
  return (
    <section className="card wechat-bind" aria-labelledby="wechat-bind-title">
      <h2 id="wechat-bind-title">将微信绑定到账号 {account}？</h2>
      <p className="muted">绑定后可以直接用微信登录。绑定会让本账号在其他手机上的登录失效。如果这不是您本人的操作，请选择“暂不绑定”。</p>
      <SmsStepUp
        purpose="wechat"
        confirmText="确认绑定"
        onConfirm={async (code) => {
          await bindWechat(pending, code);
          clearPendingBind();
          void showToast('微信绑定成功', 'success');
          void navigate(safeReturn(pending.returnTo), { replace: true });
        }}
      />
      <button
        type="button"
        className="btn btn-block btn-plain"
        onClick={() => {
          clearPendingBind();
          void navigate(safeReturn(pending.returnTo), { replace: true });
        }}
      >
        暂不绑定
      </button>
    </section>
  );
}
