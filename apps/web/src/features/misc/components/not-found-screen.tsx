import { useNavigate } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { StatusView } from '../../../components/status-view.tsx';

/** Any path outside the route table (spec §2): says so in Chinese, with a way home. */
export function NotFoundScreen() {
  const navigate = useNavigate();
  return (
    <Page title="页面不存在">
      <StatusView
        kind="empty"
        title="页面不存在"
        description="您访问的页面不存在或已下线"
        actions={[{ text: '返回首页', primary: true, onClick: () => void navigate('/', { replace: true }) }]}
      />
    </Page>
  );
}
