import {
  AuditOutlined,
  DashboardOutlined,
  FileTextOutlined,
  IdcardOutlined,
  PictureOutlined,
  LogoutOutlined,
  MenuOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ConsoleMe } from '@moxa/core/console/console-contract';
import { useGetIdentity, useInvalidate, useLogout } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Layout, Menu, Modal, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useApi, consoleStorage } from '../app.tsx';
import { logIn, type LoginParams } from '../lib/auth.ts';
import { canSee, ROLE_LABELS, type Section } from '../lib/roles.ts';
import { loginRenewed, useLoginRequired } from '../lib/session.ts';
import { LoginForm } from './login-form.tsx';

const MENU: { key: Section; path: string; label: string; icon: ReactNode }[] = [
  { key: 'content', path: '/content', label: '内容', icon: <FileTextOutlined /> },
  { key: 'media', path: '/media', label: '媒体库', icon: <PictureOutlined /> },
  { key: 'review', path: '/review', label: '审核', icon: <SafetyCertificateOutlined /> },
  { key: 'audit', path: '/audit', label: '审计日志', icon: <AuditOutlined /> },
  { key: 'staff', path: '/staff', label: '人员与角色', icon: <TeamOutlined /> },
  { key: 'advisors', path: '/advisors', label: '顾问资料', icon: <IdcardOutlined /> },
  { key: 'vitals', path: '/vitals', label: '页面速度', icon: <DashboardOutlined /> },
];

/** The console's frame: role-aware menu, who is signed in, and the re-login dialog (issue #29). */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { data: me } = useGetIdentity<ConsoleMe>();
  const { mutate: logout } = useLogout();
  const location = useLocation();
  // Desktop: the menu stays open; phone (< 992 px, antd's lg): it slides over the page from a header button.
  const narrow = () => window.matchMedia('(max-width: 991px)').matches;
  const [collapsed, setCollapsed] = useState(narrow);
  const roles = me?.roles ?? [];
  const items = MENU.filter((m) => canSee(roles, m.key));
  const selected = items.find((m) => location.pathname.startsWith(m.path))?.key;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        breakpoint="lg"
        collapsedWidth={0}
        collapsed={collapsed}
        trigger={null}
        onBreakpoint={(broken) => setCollapsed(broken)}
        width={200}
        theme="light"
        className="console-sider"
      >
        <div className="console-brand">艾灸养生 · 运营后台</div>
        <Menu
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          items={items.map((m) => ({ key: m.key, icon: m.icon, label: <Link to={m.path}>{m.label}</Link> }))}
          onClick={() => narrow() && setCollapsed(true)}
        />
      </Layout.Sider>
      {!collapsed ? <div className="console-backdrop" onClick={() => setCollapsed(true)} aria-hidden /> : null}
      <Layout>
        <Layout.Header className="console-header">
          <div className="console-who">
            <Button
              className="console-menu-button"
              type="text"
              icon={<MenuOutlined />}
              aria-label="菜单"
              onClick={() => setCollapsed((c) => !c)}
            />
            <Typography.Text strong className="console-name">
              {me?.name ?? ''}
            </Typography.Text>
            {roles
              .filter((r) => r !== 'user')
              .map((r) => (
                <Tag key={r} color="orange" className="console-role">
                  {ROLE_LABELS[r] ?? r}
                </Tag>
              ))}
          </div>
          <Button icon={<LogoutOutlined />} onClick={() => logout()} type="text">
            退出登录
          </Button>
        </Layout.Header>
        <Layout.Content className="console-content">{children}</Layout.Content>
      </Layout>
      <ReloginDialog />
    </Layout>
  );
}

/**
 * Shown over the page when the API refuses the login (12 h since the SMS code, or 30 min idle): a new
 * code signs in again and the page's data reloads; what the user was editing stays in the form.
 */
function ReloginDialog() {
  const reason = useLoginRequired();
  const api = useApi();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const submit = async (values: LoginParams) => {
    await logIn(api, consoleStorage, values);
    loginRenewed();
    await queryClient.invalidateQueries();
    void invalidate({ invalidates: ['all'] });
  };
  return (
    <Modal
      open={reason !== null}
      title="请重新验证手机号"
      footer={null}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
    >
      <Typography.Paragraph type="warning">{reason}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">正在编辑的内容会保留，验证后请再点一次保存或提交。</Typography.Paragraph>
      <LoginForm onSubmit={submit} submitText="验证并继续" />
    </Modal>
  );
}
