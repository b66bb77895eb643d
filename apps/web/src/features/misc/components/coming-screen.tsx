import { useNavigate } from 'react-router';
import { APP_NAME } from '../../../config/app.ts';
import { useRouteDef } from '../../../lib/use-route-def.ts';
import { Page } from '../../../components/page.tsx';
import { StatusView } from '../../../components/status-view.tsx';

/**
 * Screens whose features have their own issues (products, videos, conditions, notices, Q&A, search,
 * consultation, cases) show their title and a plain 内容建设中 state until those land (issue #2).
 */
export function ComingScreen() {
  const navigate = useNavigate();
  const title = useRouteDef().title ?? APP_NAME;
  return (
    <Page title={title}>
      <StatusView
        kind="building"
        title="内容建设中"
        description="这一栏目正在准备中。现在可以先看看穴位查询和体质测试。"
        actions={[
          { text: '穴位查询', primary: true, onClick: () => void navigate('/acupoint') },
          { text: '体质测试', onClick: () => void navigate('/physical') },
        ]}
      />
    </Page>
  );
}
