import type { AdvisorProfileFields, ConsoleAdvisor } from '@moxa/core/advisors/advisor-profile-contract';
import {
  ADVISOR_INTRO_MAX,
  ADVISOR_TITLE_MAX,
  PROFILE_STATUS_NAMES,
  advisorNameProblem,
  introProblem,
  titleProblem,
} from '@moxa/core/advisors/advisor-profile-rules';
import { useGetIdentity } from '@refinedev/core';
import type { ConsoleMe } from '@moxa/core/console/console-contract';
import { Alert, App as AntdApp, Button, Form, Input, Modal, Space, Switch, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../app.tsx';
import { MediaPicker, UploadThumbnail } from '../components/media-picker.tsx';
import { errorMessage } from '../lib/api.ts';

const P = '/api/v8/console/advisors';
const STATUS_COLORS = { none: 'default', pending: 'warning', approved: 'success', rejected: 'error' } as const;

type Fields = { name: string; title: string; introduction: string; photo: string | null };

/**
 * An admin's edit of an advisor's profile (PUT …/advisors/:id/profile, decision 043): the same fields
 * and rules as the advisor's own form, the photo chosen from the media library (issue #30). It waits
 * for another reviewer like any submission.
 */
function ProfileDialog({ advisor, onClose, onDone }: { advisor: ConsoleAdvisor; onClose: () => void; onDone: () => void }) {
  const api = useApi();
  const start = advisor.pending ?? advisor.approved;
  const [fields, setFields] = useState<Fields>({
    name: start?.name ?? '',
    title: start?.title ?? '',
    introduction: start?.introduction ?? '',
    photo: start?.photo ?? null,
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<Fields>) => setFields((f) => ({ ...f, ...patch }));
  // The rules the server applies (core), shown as staff type; the server's answer has the last word.
  const problems = {
    name: fields.name ? advisorNameProblem(fields.name.trim()) : null,
    title: fields.title ? titleProblem(fields.title.trim()) : null,
    introduction: fields.introduction ? introProblem(fields.introduction.trim()) : null,
  };
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const body: AdvisorProfileFields = { ...fields, photo: fields.photo || null };
      await api.put(`${P}/${advisor.id}/profile`, body);
      onDone();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const status = (p: string | null) => (p ? 'error' : undefined);
  return (
    <Modal
      open
      title={`修改顾问资料：${advisor.accountName}`}
      okText="提交审核"
      cancelText="取消"
      width={640}
      confirmLoading={busy}
      okButtonProps={{ disabled: !fields.name.trim() || !fields.title.trim() || Object.values(problems).some(Boolean) }}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">提交后须由另一位审核员通过，用户才会看到。</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label="顾问名称" required validateStatus={status(problems.name)} help={problems.name}>
          <Input value={fields.name} onChange={(e) => set({ name: e.target.value })} aria-label="顾问名称" />
        </Form.Item>
        <Form.Item label="头衔" required validateStatus={status(problems.title)} help={problems.title ?? '例如：艾灸调理顾问'}>
          <Input value={fields.title} onChange={(e) => set({ title: e.target.value })} maxLength={ADVISOR_TITLE_MAX} aria-label="头衔" />
        </Form.Item>
        <Form.Item label="简介" validateStatus={status(problems.introduction)} help={problems.introduction}>
          <Input.TextArea
            value={fields.introduction}
            onChange={(e) => set({ introduction: e.target.value })}
            maxLength={ADVISOR_INTRO_MAX}
            showCount
            autoSize={{ minRows: 3 }}
            aria-label="简介"
          />
        </Form.Item>
        <Form.Item label="照片" help="不选照片时，用户看到名称的第一个字">
          <MediaPicker
            id="advisor-photo"
            value={fields.photo}
            kind="image"
            onChange={(photo) => set({ photo: photo ?? null })}
            onChoose={(m) => set({ photo: m.ref })}
          />
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} /> : null}
    </Modal>
  );
}

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
  const [editing, setEditing] = useState<ConsoleAdvisor | null>(null);

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
            render: (_, a) =>
              a.approved ? (
                <Space>
                  <UploadThumbnail value={a.approved.photo} size={40} />
                  {`${a.approved.name} · ${a.approved.title}`}
                </Space>
              ) : (
                '—'
              ),
          },
          {
            title: '待审核的',
            render: (_, a) =>
              a.pending ? (
                <div style={{ display: 'grid', justifyItems: 'start' }}>
                  <UploadThumbnail value={a.pending.photo} size={64} />
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
            render: (_, a) => (
              <Space wrap>
                {a.status === 'pending' ? (
                  <>
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
                  </>
                ) : null}
                {admin ? <Button onClick={() => setEditing(a)}>修改资料</Button> : null}
              </Space>
            ),
          },
        ]}
      />
      {editing ? (
        <ProfileDialog
          advisor={editing}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            void message.success('已提交，等待另一位审核员通过');
            void load();
          }}
        />
      ) : null}
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
