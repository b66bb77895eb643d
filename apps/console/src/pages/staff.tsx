import type { Staff } from '@moxa/core/console/console-contract';
import { useCreate, useList, useUpdate } from '@refinedev/core';
import { Alert, App as AntdApp, Button, Checkbox, Form, Input, Space, Table, Typography } from 'antd';
import { errorMessage } from '../lib/api.ts';
import { ROLE_LABELS, STAFF_ROLES } from '../lib/roles.ts';

const roleOptions = STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** 人员与角色 (issue #29, admin): everyone with a staff role, add by mobile, change roles. */
export function StaffPage() {
  const { message } = AntdApp.useApp();
  const { result, query } = useList<Staff>({ resource: 'staff', pagination: { mode: 'off' } });
  const { mutateAsync: create, mutation: creating } = useCreate<Staff>();
  const { mutateAsync: update } = useUpdate<Staff>();
  const [form] = Form.useForm<{ mobile: string; roles: string[] }>();

  const add = async (v: { mobile: string; roles: string[] }) => {
    try {
      await create({ resource: 'staff', values: { mobile: v.mobile.trim(), roles: v.roles }, successNotification: false });
      void message.success('已添加');
      form.resetFields();
    } catch {
      /* shown by Refine */
    }
  };
  const setRoles = async (s: Staff, roles: string[]) => {
    try {
      await update({ resource: 'staff', id: s.id, values: { roles }, successNotification: false });
      void message.success(`已更新 ${s.name} 的角色`);
    } catch {
      /* shown by Refine */
    }
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        人员与角色
      </Typography.Title>
      <Form
        form={form}
        layout="inline"
        onFinish={(v) => void add(v)}
        initialValues={{ roles: ['editor'] }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item
          name="mobile"
          rules={[
            { required: true, message: '请输入手机号' },
            { pattern: /^\+?\d{5,20}$/, message: '请输入正确的手机号' },
          ]}
        >
          <Input placeholder="手机号（其他地区写 +区号）" aria-label="手机号" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item name="roles" rules={[{ required: true, type: 'array', min: 1, message: '请至少选一个角色' }]}>
          <Checkbox.Group options={roleOptions} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={creating.isPending}>
            添加人员
          </Button>
        </Form.Item>
      </Form>
      {query.error ? <Alert type="error" showIcon title={errorMessage(query.error)} style={{ marginBottom: 16 }} /> : null}
      <Table<Staff>
        rowKey="id"
        loading={query.isLoading}
        dataSource={result.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '姓名', dataIndex: 'name' },
          { title: '手机号', dataIndex: 'mobile' },
          {
            title: '角色',
            render: (_, s) => (
              <Space wrap>
                <Checkbox.Group
                  value={s.roles.filter((r) => r !== 'user')}
                  options={roleOptions}
                  onChange={(roles) => void setRoles(s, roles as string[])}
                  aria-label={`${s.name} 的角色`}
                />
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
