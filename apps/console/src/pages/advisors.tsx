import type { ConsoleAdvisor } from '@moxa/core/advisors/advisor-profile-contract';
import { PROFILE_STATUS_NAMES } from '@moxa/core/advisors/advisor-profile-rules';
import { useGetIdentity } from '@refinedev/core';
import type { ConsoleMe } from '@moxa/core/console/console-contract';
import { Alert, App as AntdApp, Button, Input, Modal, Space, Switch, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../app.tsx';
import { errorMessage } from '../lib/api.ts';

const P = '/api/v8/console/advisors';
const STATUS_COLORS = { none: 'default', pending: 'warning', approved: 'success', rejected: 'error' } as const;

/**
 * 顾问资料 (issue #30, decision 043): every advisor, those waiting for review first. A reviewer approves
 * or sends back a submission (never their own, never one they submitted); an admin switches anyone's 在岗.
 */
export function AdvisorsPage() {
  const api = useApi();
  const { message } = AntdApp.useApp();
  const { data: me } = useGetIdentity<ConsoleMe>();
  const admin = me?.roles.includes('admin') ?? false;
  const [rows, setRows] = useState<ConsoleAdvisor[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<ConsoleAdvisor | null>(null);
  const [comment, setComment] = useState('');

  const load = useCallback(async () => {
    try {
      setRows(await api.get<ConsoleAdvisor[]>(P));
      setError(null);
    } catch (e) {
      setError(errorMessage(e));
    }
  }, [api]);
  useEffect(() => void load(), [load]);

  const act = async (a: ConsoleAdvisor, what: string, call: () => Promise<unknown>) => {
    setBusy(a.id);
    try {
      await call();
      void message.success(what);
      await load();
      return true;
    } catch (e) {
      void message.error(errorMessage(e));
      return false;
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        顾问资料
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        顾问提交的名称、头衔和简介审核通过后，用户才会在咨询回复里看到。不能审核自己的资料，也不能审核自己提交的资料。
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Table<ConsoleAdvisor>
        rowKey="id"
        loading={rows === null && !error}
        dataSource={rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: '账号昵称', dataIndex: 'accountName' },
          {
            title: '状态',
            render: (_, a) => (
              <Tag key={a.status} color={STATUS_COLORS[a.status]}>
                {PROFILE_STATUS_NAMES[a.status]}
              </Tag>
            ),
          },
          {
            title: '用户看到的',
            render: (_, a) => (a.approved ? `${a.approved.name} · ${a.approved.title}` : '—'),
          },
          {
            title: '待审核的',
            render: (_, a) =>
              a.pending ? (
                <div style={{ display: 'grid' }}>
                  <b>
                    {a.pending.name} · {a.pending.title}
                  </b>
                  <span>{a.pending.introduction || '（无简介）'}</span>
                  {a.submittedBy ? <Typography.Text type="secondary">提交人：{a.submittedBy.name}</Typography.Text> : null}
                </div>
              ) : a.status === 'rejected' && a.comment ? (
                <Typography.Text type="secondary">已退回：{a.comment}</Typography.Text>
              ) : (
                '—'
              ),
          },
          {
            title: '在岗',
            render: (_, a) => (
              <Switch
                checked={a.onDuty}
                disabled={!admin || busy === a.id}
                aria-label={`${a.accountName} 在岗`}
                onChange={(on) => void act(a, on ? '已设为在岗' : '已设为不在岗', () => api.put(`${P}/${a.id}/duty`, { onDuty: on }))}
              />
            ),
          },
          {
            title: '操作',
            render: (_, a) =>
              a.status === 'pending' ? (
                <Space>
                  <Button
                    type="primary"
                    loading={busy === a.id}
                    onClick={() => void act(a, '已通过', () => api.post(`${P}/${a.id}/approve`))}
                  >
                    通过
                  </Button>
                  <Button
                    onClick={() => {
                      setComment('');
                      setRejecting(a);
                    }}
                  >
                    退回
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        open={rejecting !== null}
        title="退回顾问资料"
        okText="退回"
        cancelText="取消"
        okButtonProps={{ disabled: comment.trim() === '', loading: busy !== null }}
        onCancel={() => setRejecting(null)}
        onOk={() => {
          const a = rejecting;
          if (!a) return;
          void act(a, '已退回', () => api.post(`${P}/${a.id}/reject`, { comment: comment.trim() })).then(
            (done) => done && setRejecting(null),
          );
        }}
      >
        <Input.TextArea
          aria-label="退回原因"
          placeholder="写明原因，顾问会看到"
          rows={3}
          maxLength={500}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </Modal>
    </>
  );
}
