import { useEffect, type ReactNode } from 'react';
import { checkLogin, goToLogin } from '../lib/login-check.ts';
import { useLoginInfo } from '../lib/login-info.ts';
import { currentPath } from '../lib/navigation.ts';
import { Page } from './page.tsx';
import { StatusView } from './status-view.tsx';

/**
 * Guarded screens (issue #3): logged out, run the login check (spec §4: the 请先登录 dialog) and come
 * back here after login. Behind the dialog the page says what it is and why it needs a login, with a
 * way to the login screen of its own (should the dialog not load), so the screen is never blank — and
 * it paints with the app's first render, not after the dialog's chunk has arrived (issue #33).
 */
export function RequireLogin({ title, children }: { title: string | undefined; children: ReactNode }) {
  const info = useLoginInfo();
  const loggedIn = Boolean(info.token);
  useEffect(() => {
    if (!loggedIn) void checkLogin({ returnTo: currentPath() });
  }, [loggedIn]);
  if (loggedIn) return <>{children}</>;
  return (
    <Page title={title ?? '需要登录'}>
      <StatusView
        kind="login"
        title="登录后才能使用这一页"
        description="这一页的内容和你的账号有关。用手机号和短信验证码登录后，就能继续查看，记录也会保存在账号里。"
        actions={[{ text: '去登录', primary: true, onClick: () => goToLogin(currentPath()) }]}
      />
    </Page>
  );
}
