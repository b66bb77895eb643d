import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { StatusView } from '../components/status-view.tsx';

const RELOAD_KEY = 'moxa:chunk-reload';

export function isChunkLoadError(error: unknown): boolean {
  const msg = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(msg);
}

/**
 * Route error boundary (issue #2): a failed screen load gets a retry. After a redeploy old chunks are
 * gone, so the first chunk failure in a session reloads the page once instead of showing an error.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  if (isChunkLoadError(error) && !sessionStorage.getItem(RELOAD_KEY)) {
    sessionStorage.setItem(RELOAD_KEY, '1');
    window.location.reload();
    return null;
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <StatusView
      kind={notFound ? 'empty' : 'error'}
      title={notFound ? '页面不存在' : '页面加载失败'}
      description={notFound ? '您访问的页面不存在或已下线' : '可能是网络不稳定，请重试'}
      actions={[
        { text: '重试', primary: true, onClick: () => window.location.reload() },
        { text: '返回首页', onClick: () => navigate('/', { replace: true }) },
      ]}
    />
  );
}
