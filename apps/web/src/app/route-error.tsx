import { Component, type ReactNode } from 'react';
import { navigate } from '../lib/navigation.ts';
import { StatusView } from '../components/status-view.tsx';
import { forgetFailedScreens } from './screens.tsx';

const RELOAD_KEY = 'moxa:chunk-reload';
const RELOAD_AGAIN_AFTER_MS = 30_000;

export function isChunkLoadError(error: unknown): boolean {
  const msg = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(msg);
}

/**
 * Route error boundary (issue #2): a screen that fails to load or render gets a retry instead of a
 * blank page. After a redeploy old chunks are gone, so a chunk failure reloads the page (once per
 * deploy) instead of showing an error. Moving to another path clears the error.
 */
export class RouteErrorBoundary extends Component<{ pathname: string; children: ReactNode }, { error: unknown; pathname: string }> {
  override state = { error: null as unknown, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown') };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: { error: unknown; pathname: string }) {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  // The failed screen is unmounted now; a later visit loads its chunk again.
  override componentDidCatch() {
    forgetFailedScreens();
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

function RouteError({ error }: { error: unknown }) {
  // The time of the last such reload: a failure again soon after it is the network, not a deploy
  // (show 重试 rather than reload in a loop); a later deploy in the same tab reloads again.
  const last = Number(sessionStorage.getItem(RELOAD_KEY)) || 0;
  if (isChunkLoadError(error) && Date.now() - last > RELOAD_AGAIN_AFTER_MS) {
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    window.location.reload();
    return null;
  }
  return (
    <StatusView
      kind="error"
      title="页面加载失败"
      description="可能是网络不稳定，请重试"
      actions={[
        { text: '重试', primary: true, onClick: () => window.location.reload() },
        { text: '返回首页', onClick: () => navigate('/', { replace: true }) },
      ]}
    />
  );
}
