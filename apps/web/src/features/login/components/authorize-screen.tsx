import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { StatusView } from '../../../components/status-view.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback.ts';
import { isLoggedIn, setLoginInfo } from '../../../lib/login-info.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { bind, checkout, useWechatConfig } from '../api/wechat.ts';

const PENDING_KEY = 'moxa:wechat-bind';
type Pending = { ticket: string; returnTo: string };

/** Only same-app paths are followed after login (an open redirect would be a phishing aid). */
export const safeReturn = (state: string | null): string => (state && /^\/(?!\/)[^\s]*$/.test(state) ? state : '/');

type Phase = { kind: 'working'; text: string } | { kind: 'need-login' } | { kind: 'error'; text: string } | { kind: 'off' };

/**
 * /authorize — the WeChat OAuth landing page (issue #3): reads code and state, asks checkout.do;
 * bound → logged in and back to `state`; not bound → phone login first, then bind.do, then `state`.
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
    const finishBind = async (pending: Pending) => {
      setPhase({ kind: 'working', text: '正在绑定微信…' });
      try {
        await bind(pending.ticket);
        sessionStorage.removeItem(PENDING_KEY);
        void showToast('微信绑定成功', 'success');
        void navigate(pending.returnTo, { replace: true });
      } catch (e) {
        sessionStorage.removeItem(PENDING_KEY);
        setPhase({ kind: 'error', text: errorMessage(e) });
      }
    };
    const stored = sessionStorage.getItem(PENDING_KEY);
    if (params.get('bind') === '1' && stored && isLoggedIn()) return void finishBind(JSON.parse(stored) as Pending);
    const code = params.get('code');
    if (!code) return setPhase({ kind: 'error', text: '没有收到微信授权信息，请从公众号菜单重新进入' });
    const returnTo = safeReturn(params.get('state'));
    checkout(code)
      .then((r) => {
        if (r.bound && r.loginInfo) {
          setLoginInfo(r.loginInfo);
          void navigate(returnTo, { replace: true });
        } else if (r.bindTicket) {
          const pending: Pending = { ticket: r.bindTicket, returnTo };
          sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
          if (isLoggedIn()) void finishBind(pending);
          else setPhase({ kind: 'need-login' });
        }
      })
      .catch((e: unknown) => setPhase({ kind: 'error', text: errorMessage(e) }));
  }, [config.data, params, navigate]);

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
  else if (phase.kind === 'need-login')
    body = (
      <StatusView
        kind="empty"
        title="请先验证手机号"
        description="首次使用微信进入，需要先用手机号验证码登录一次，之后微信将自动登录。"
        actions={[{ text: '去登录', primary: true, onClick: () => void navigate('/login', { state: { returnTo: '/authorize?bind=1' } }) }]}
      />
    );
  else if (phase.kind === 'error')
    body = (
      <StatusView
        kind="error"
        title="微信登录失败"
        description={phase.text}
        actions={[{ text: '手机号登录', primary: true, onClick: () => void navigate('/login', { replace: true }) }]}
      />
    );
  else body = <StatusView kind="empty" title={phase.text} />;
  return <Page title="微信登录">{body}</Page>;
}
