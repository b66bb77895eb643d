import { useLogin } from '@refinedev/core';
import { Card, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { LoginForm } from '../components/login-form.tsx';
import type { LoginParams } from '../lib/auth.ts';
import { loginRenewed } from '../lib/session.ts';

/** 登录 (issue #29): staff only, with the H5's phone + SMS code. */
export function LoginPage() {
  const { mutateAsync } = useLogin<LoginParams & { to?: string }>();
  const [params] = useSearchParams();
  const to = params.get('to');
  const submit = async (values: LoginParams) => {
    const result = await mutateAsync({ ...values, to: to && to.startsWith('/') && !to.startsWith('//') ? to : undefined });
    if (!result.success) throw new Error(result.error?.message ?? '登录失败');
    loginRenewed();
  };
  return (
    <div className="login-page">
      <Card style={{ width: '100%', maxWidth: 380 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          运营后台
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          工作人员请用手机号和短信验证码登录。后台每 12 小时需重新验证，闲置 30 分钟自动退出。
        </Typography.Paragraph>
        <LoginForm onSubmit={submit} />
      </Card>
    </div>
  );
}
