import { QUICK_COUNTRY_CODES } from '@moxa/core/login/constants';
import { Button, Form, Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useApi } from '../app.tsx';
import { errorMessage } from '../lib/api.ts';
import { codeProblem, mobileProblem, sendLoginCode, wireMobile, type LoginParams } from '../lib/auth.ts';

type Props = {
  /** Runs the login; a rejection's message is shown under the form. */
  onSubmit: (params: LoginParams) => Promise<void>;
  submitText?: string;
};

/** Phone + SMS code (spec §7's two calls), for the login page and the re-login dialog (issue #29). */
export function LoginForm({ onSubmit, submitText = '登录' }: Props) {
  const api = useApi();
  const [form] = Form.useForm<LoginParams>();
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const t = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(t);
  }, [wait]);

  const send = async () => {
    setError(null);
    const { countryCode, mobile } = form.getFieldsValue();
    const problem = mobileProblem(countryCode, mobile ?? '');
    if (problem) return void form.setFields([{ name: 'mobile', errors: [problem] }]);
    setSending(true);
    try {
      const { resendAfter } = await sendLoginCode(api, wireMobile(countryCode, mobile));
      setWait(resendAfter);
      setSent(true);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSending(false);
    }
  };

  const submit = async (values: LoginParams) => {
    setError(null);
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={{ countryCode: '86', mobile: '', code: '' }} onFinish={submit} requiredMark={false}>
      <Form.Item label="手机号" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="countryCode" noStyle>
            <Select
              style={{ width: 96 }}
              options={QUICK_COUNTRY_CODES.map((c) => ({ value: c, label: `+${c}` }))}
              aria-label="国家或地区"
            />
          </Form.Item>
          <Form.Item
            name="mobile"
            noStyle
            rules={[
              {
                validator: (_, v: string) =>
                  mobileProblem(form.getFieldValue('countryCode') as string, v ?? '')
                    ? Promise.reject(new Error('请输入正确的手机号'))
                    : Promise.resolve(),
              },
            ]}
          >
            <Input placeholder="请输入手机号" inputMode="tel" autoComplete="tel" maxLength={20} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item label="验证码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="code"
            noStyle
            rules={[
              { validator: (_, v: string) => (codeProblem(v ?? '') ? Promise.reject(new Error('请输入正确的验证码')) : Promise.resolve()) },
            ]}
          >
            <Input placeholder="请输入验证码" inputMode="numeric" autoComplete="one-time-code" maxLength={8} />
          </Form.Item>
          <Button onClick={() => void send()} loading={sending} disabled={wait > 0}>
            {wait > 0 ? `${wait} 秒后重发` : sent ? '重新获取' : '获取验证码'}
          </Button>
        </Space.Compact>
      </Form.Item>
      {error ? (
        <div role="alert" style={{ color: '#cf1322', marginBottom: 12 }}>
          {error}
        </div>
      ) : null}
      <Button type="primary" htmlType="submit" block loading={busy}>
        {submitText}
      </Button>
    </Form>
  );
}
