import { MSG_LOGIN_FIRST } from '@moxa/core/login/constants';
import { showAlert } from './feedback.ts';
import { isLoggedIn } from './login-info.ts';
import { currentPath, navigate } from './navigation.ts';

let open: Promise<boolean> | null = null;

/**
 * Spec §4 login check. Logged out: a dialog titled 请先登录 with the single button 确定; after it,
 * go to /login and report false. `returnTo` replaces the current entry (guarded screens), so after
 * logging in the user lands where the check was made without a loop on back.
 */
export function checkLogin(opts: { returnTo?: string } = {}): Promise<boolean> {
  if (isLoggedIn()) return Promise.resolve(true);
  if (open) return open;
  open = showAlert(MSG_LOGIN_FIRST)
    .then(() => {
      goToLogin(opts.returnTo);
      return false;
    })
    .finally(() => {
      open = null;
    });
  return open;
}

/** To the login screen, as the check does after 确定: `returnTo` replaces the current entry. */
export function goToLogin(returnTo?: string): void {
  if (returnTo) navigate('/login', { replace: true, state: { returnTo } });
  else navigate('/login', { state: { from: currentPath() } });
}
