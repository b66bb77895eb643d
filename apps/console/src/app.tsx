import { Authenticated, Refine, type NotificationProvider } from '@refinedev/core';
import routerProvider, { CatchAllNavigate, UnsavedChangesNotifier } from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { createContext, useContext } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router';
import { ConsoleLayout } from './components/layout.tsx';
import { createApi, type Api } from './lib/api.ts';
import { consoleAuthProvider } from './lib/auth.ts';
import { consoleDataProvider } from './lib/data-provider.ts';
import { requireLogin } from './lib/session.ts';
import { AdvisorsPage } from './pages/advisors.tsx';
import { AuditPage } from './pages/audit.tsx';
import { EditorPage } from './pages/editor.tsx';
import { ItemsPage } from './pages/items.tsx';
import { KindsPage } from './pages/kinds.tsx';
import { LoginPage } from './pages/login.tsx';
import { MediaPage } from './pages/media.tsx';
import { ReviewPage } from './pages/review.tsx';
import { StaffPage } from './pages/staff.tsx';
import { VersionsPage } from './pages/versions.tsx';
import { VitalsPage } from './pages/vitals.tsx';

dayjs.locale('zh-cn');

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const storage = safeStorage();
const api = createApi({ fetch: (...a) => window.fetch(...a), storage, origin: window.location.origin, onUnauthorized: requireLogin });
const ApiContext = createContext<Api>(api);
/** The API client, for the few calls that are not Refine resources (the CSV export). */
export const useApi = () => useContext(ApiContext);
export const consoleStorage = storage;

/** Refine's notices shown with antd's message (errors carry the server's Chinese msg). */
function useNotifications(): NotificationProvider {
  const { message } = AntdApp.useApp();
  return {
    open: ({ key, message: text, description, type }) => {
      const content = description && description !== text ? `${text}：${description}` : text;
      void message.open({ key, content, type: type === 'progress' ? 'loading' : type, duration: type === 'error' ? 5 : 2 });
    },
    close: (key) => message.destroy(key),
  };
}

export function App() {
  return (
    <BrowserRouter basename="/console">
      <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#b4532a', borderRadius: 6 } }} button={{ autoInsertSpace: false }}>
        <AntdApp>
          <Refine
            dataProvider={consoleDataProvider(api)}
            authProvider={consoleAuthProvider(api, storage)}
            routerProvider={routerProvider}
            notificationProvider={useNotifications}
            resources={[
              { name: 'kinds', list: '/content', meta: { label: '内容' } },
              { name: 'items', list: '/content/:kind', edit: '/content/:kind/:id', meta: { label: '条目' } },
              { name: 'revisions', list: '/review', meta: { label: '审核' } },
              { name: 'versions', list: '/content/:kind/:id/versions', meta: { label: '版本' } },
              { name: 'media', list: '/media', meta: { label: '媒体库' } },
              { name: 'audit', list: '/audit', meta: { label: '审计日志' } },
              { name: 'staff', list: '/staff', meta: { label: '人员与角色' } },
              { name: 'advisors', list: '/advisors', meta: { label: '顾问资料' } },
              { name: 'vitals', list: '/vitals', meta: { label: '页面速度' } },
            ]}
            options={{
              disableTelemetry: true,
              warnWhenUnsavedChanges: true,
              reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
            }}
          >
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route
                element={
                  <Authenticated key="console" fallback={<CatchAllNavigate to="/login" />}>
                    <ConsoleLayout>
                      <Outlet />
                    </ConsoleLayout>
                  </Authenticated>
                }
              >
                <Route index element={<Navigate to="/content" replace />} />
                <Route path="/content" element={<KindsPage />} />
                <Route path="/content/:kind" element={<ItemsPage />} />
                <Route path="/content/:kind/new" element={<EditorPage isNew />} />
                <Route path="/content/:kind/:id" element={<EditorPage />} />
                <Route path="/content/:kind/:id/versions" element={<VersionsPage />} />
                <Route path="/media" element={<MediaPage />} />
                <Route path="/review" element={<ReviewPage />} />
                <Route path="/audit" element={<AuditPage />} />
                <Route path="/staff" element={<StaffPage />} />
                {/* Issue #30: advisors' profiles (review) and 在岗. */}
                <Route path="/advisors" element={<AdvisorsPage />} />
                {/* Issue #33 item 5: real users' Core Web Vitals, p75 per page and day. */}
                <Route path="/vitals" element={<VitalsPage />} />
                <Route path="*" element={<Navigate to="/content" replace />} />
              </Route>
            </Routes>
            <UnsavedChangesNotifier message="有未保存的修改，确定离开吗？" />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
