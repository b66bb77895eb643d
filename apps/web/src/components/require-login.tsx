import { useEffect, type ReactNode } from 'react';
import { checkLogin } from '../lib/login-check.ts';
import { useLoginInfo } from '../lib/login-info.ts';
import { currentPath } from '../lib/navigation.ts';

/** Guarded screens (issue #3): logged out, run the login check and come back here after login. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const info = useLoginInfo();
  const loggedIn = Boolean(info.token);
  useEffect(() => {
    if (!loggedIn) void checkLogin({ returnTo: currentPath() });
  }, [loggedIn]);
  return loggedIn ? <>{children}</> : <div className="page" aria-busy="true" />;
}
