import type { ConsoleItem, ConsoleMe, Revision } from '@moxa/core/console/console-contract';
import { REVISION_STATE_NAMES } from '@moxa/core/console/console-contract';
import { useCustomMutation, useGetIdentity, useInvalidate, useList, useOne } from '@refinedev/core';
import { Alert, App as AntdApp, Button, DatePicker, Drawer, Input, Radio, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { SourceDiff } from '../components/source-diff.tsx';
import { errorMessage } from '../lib/api.ts';
import { findingText } from '../lib/form-helpers.ts';
import { apiPath } from '../lib/paths.ts';
import { useKindLabel } from '../lib/use-kind-label.ts';

const when = (ms: number | null) => (ms === null ? '—' : new Date(ms).toLocaleString('zh-CN', { hour12: false }));

/** 审核 (issue #29): drafts waiting for review; approve now or at a set time, or send back with a comment. */
export function ReviewPage() {
  const [state, setState] = useState<'in_review' | 'approved'>('in_review');
  const { result, query } = useList<Revision>({
    resource: 'revisions',
    filters: [{ field: 'state', operator: 'eq', value: state }],
    pagination: { mode: 'off' },
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const kindLabel = useKindLabel();
  const open = result.data.find((r) => r.id === openId) ?? null;
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          审核
        </Typography.Title>
        <Radio.Group
          value={state}
          onChange={(e) => setState(e.target.value as 'in_review' | 'approved')}
          optionType="button"
          options={[
            { value: 'in_review', label: '待审核' },
            { value: 'approved', label: '待发布' },
          ]}
        />
      </Space>
      {query.error ? <Alert type="error" showIcon title={errorMessage(query.error)} style={{ marginBottom: 16 }} /> : null}
      <Table<Revision>
        rowKey="id"
        loading={query.isLoading}
        dataSource={result.data}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: state === 'in_review' ? '没有待审核的内容' : '没有等待发布的内容' }}
        onRow={(r) => ({ onClick: () => setOpenId(r.id), style: { cursor: 'pointer' } })}
        columns={[
          { title: '条目', render: (_, r) => <a>{r.title || r.itemId}</a> },
          { title: '类型', dataIndex: 'kind', responsive: ['md'], render: kindLabel },
          { title: '编辑', render: (_, r) => r.author.name },
          {
            title: state === 'in_review' ? '提交时间' : '定时发布',
            render: (_, r) => when(state === 'in_review' ? r.submittedAt : r.publishAt),
          },
          {
            title: '说明',
            render: (_, r) => (
              <Space size={4} wrap>
                {r.isNew ? <Tag color="blue">新条目</Tag> : null}
                {r.rollbackOf !== null ? <Tag color="purple">回滚到 v{r.rollbackOf}</Tag> : null}
                {r.findings.length ? <Tag color="gold">{r.findings.length} 项提醒</Tag> : null}
              </Space>
            ),
          },
        ]}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpenId(null)}
        title={open ? `审核：${open.title || open.itemId}` : ''}
        size="large"
        destroyOnHidden
      >
        {open ? <ReviewDetail revision={open} onDone={() => setOpenId(null)} /> : null}
      </Drawer>
    </>
  );
}

function ReviewDetail({ revision, onDone }: { revision: Revision; onDone: () => void }) {
  const { data: me } = useGetIdentity<ConsoleMe>();
  const { message } = AntdApp.useApp();
  const invalidate = useInvalidate();
  const published = useOne<ConsoleItem>({
    resource: 'items',
    id: revision.itemId,
    meta: { kind: revision.kind },
    queryOptions: { enabled: !revision.isNew },
  });
  const { mutateAsync, mutation } = useCustomMutation<Revision>();
  const [mode, setMode] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState<Dayjs | null>(null);
  const [comment, setComment] = useState('');
  const own = me?.id === revision.author.id;
  const kindLabel = useKindLabel();
  const inReview = revision.state === 'in_review';

  const run = async (kind: 'approve' | 'reject', values: object, done: string) => {
    try {
      await mutateAsync({ url: apiPath.revisionAction(revision.id, kind), method: 'post', values, successNotification: false });
      void message.success(done);
      void invalidate({ resource: 'revisions', invalidates: ['list'] });
      void invalidate({ resource: 'items', invalidates: ['all'] });
      onDone();
    } catch {
      /* shown by Refine */
    }
  };
  const approve = () => {
    if (mode === 'later') {
      if (!at) return void message.error('请选择发布时间');
      if (at.valueOf() <= Date.now()) return void message.error('发布时间须晚于现在');
      return run('approve', { publishAt: at.valueOf() }, `已通过，将于 ${at.format('YYYY-MM-DD HH:mm')} 发布`);
    }
    return run('approve', { publishAt: null }, '已通过并发布');
  };
  const reject = () => {
    if (!comment.trim()) return void message.error('请写明退回原因');
    return run('reject', { comment: comment.trim() }, '已退回给编辑');
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Text>
        {kindLabel(revision.kind)} / {revision.itemId} · 编辑：{revision.author.name} · 状态：{REVISION_STATE_NAMES[revision.state]}
        {revision.publishAt ? ` · 定时发布：${when(revision.publishAt)}` : ''}
      </Typography.Text>
      <Link to={`/content/${revision.kind}/${encodeURIComponent(revision.itemId)}`}>打开条目（可预览）</Link>
      {revision.findings.length ? (
        <Alert
          type="warning"
          showIcon
          title="自动检查的提醒"
          description={
            <ul className="finding-list">
              {revision.findings.map((f, i) => (
                <li key={i}>
                  {f.field ? <Typography.Text code>{f.field}</Typography.Text> : null} {findingText(f)}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {revision.isNew ? '新条目内容' : '与已发布版本的差异'}
      </Typography.Title>
      {revision.isNew ? (
        <SourceDiff
          before={revision.source.format === 'markdown' ? { format: 'markdown', fields: {}, body: '' } : { format: 'json', value: {} }}
          after={revision.source}
        />
      ) : published.result ? (
        <SourceDiff before={published.result.source} after={revision.source} />
      ) : (
        <Typography.Text type="secondary">正在载入…</Typography.Text>
      )}
      {inReview ? (
        <>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as 'now' | 'later')}>
              <Radio value="now">通过后立即发布</Radio>
              <Radio value="later">定时发布</Radio>
            </Radio.Group>
            {mode === 'later' ? (
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                value={at}
                onChange={setAt}
                disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
                placeholder="选择发布时间"
                aria-label="发布时间"
              />
            ) : null}
            <Tooltip title={own ? '不能审核自己提交的内容，请其他审核员处理' : undefined}>
              <Button type="primary" onClick={() => void approve()} disabled={own} loading={mutation.isPending}>
                {mode === 'now' ? '通过并发布' : '通过并定时发布'}
              </Button>
            </Tooltip>
          </Space>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Input.TextArea
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              placeholder="退回原因（编辑会看到）"
              maxLength={500}
              showCount
              autoSize={{ minRows: 2 }}
              aria-label="退回原因"
            />
            <Button danger onClick={() => void reject()} disabled={own} loading={mutation.isPending}>
              退回修改
            </Button>
          </Space>
        </>
      ) : null}
    </Space>
  );
}
