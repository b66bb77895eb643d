import type { ConsoleItem, ItemSource, Version } from '@moxa/core/console/console-contract';
import { useCustomMutation, useInvalidate, useList, useOne } from '@refinedev/core';
import { Alert, App as AntdApp, Breadcrumb, Button, Card, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { SourceDiff } from '../components/source-diff.tsx';
import { errorMessage } from '../lib/api.ts';
import { apiPath } from '../lib/paths.ts';
import { useKindLabel } from '../lib/use-kind-label.ts';

type VersionRow = Version & { id: number };
const when = (ms: number) => (ms > 0 ? new Date(ms).toLocaleString('zh-CN', { hour12: false }) : '—');

/** 版本 (issue #29): every published version of an item, a diff of any two, 回滚到此版本 (a new draft, through review). */
export function VersionsPage() {
  const { kind = '', id = '' } = useParams();
  const navigate = useNavigate();
  const { message } = AntdApp.useApp();
  const invalidate = useInvalidate();
  const kindLabel = useKindLabel();
  const item = useOne<ConsoleItem>({ resource: 'items', id, meta: { kind } });
  const { result, query } = useList<VersionRow>({ resource: 'versions', meta: { kind, itemId: id }, pagination: { mode: 'off' } });
  const versions = result.data;
  const [left, setLeft] = useState<number | null>(null);
  const [right, setRight] = useState<number | null>(null);
  const a = left ?? versions[1]?.version ?? null;
  const b = right ?? versions[0]?.version ?? null;
  const va = useOne<Version & { source: ItemSource }>({
    resource: 'versions',
    id: a ?? 0,
    meta: { kind, itemId: id },
    queryOptions: { enabled: a !== null },
  });
  const vb = useOne<Version & { source: ItemSource }>({
    resource: 'versions',
    id: b ?? 0,
    meta: { kind, itemId: id },
    queryOptions: { enabled: b !== null },
  });
  const { mutateAsync, mutation } = useCustomMutation();
  const latest = versions[0]?.version;

  const rollback = async (version: number) => {
    try {
      await mutateAsync({ url: apiPath.rollback(kind, id, version), method: 'post', values: {}, successNotification: false });
      void message.success(`已按 v${version} 建立草稿，提交审核通过后发布`);
      void invalidate({ resource: 'revisions', invalidates: ['list'] });
      void invalidate({ resource: 'items', invalidates: ['list'] });
      navigate(`/content/${kind}/${encodeURIComponent(id)}`);
    } catch {
      /* shown by Refine */
    }
  };

  const options = versions.map((v) => ({ value: v.version, label: `v${v.version} · ${when(v.publishedAt)}` }));
  return (
    <>
      <Breadcrumb
        items={[
          { title: <Link to="/content">内容</Link> },
          { title: <Link to={`/content/${kind}`}>{kindLabel(kind)}</Link> },
          { title: <Link to={`/content/${kind}/${encodeURIComponent(id)}`}>{item.result?.title ?? id}</Link> },
          { title: '版本' },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Typography.Title level={3}>{item.result?.title ?? id} · 版本</Typography.Title>
      {query.error ? <Alert type="error" showIcon title={errorMessage(query.error)} style={{ marginBottom: 16 }} /> : null}
      <Table<VersionRow>
        rowKey="version"
        loading={query.isLoading}
        dataSource={versions}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: '版本',
            dataIndex: 'version',
            render: (v: number, r) => `v${v}${r.rollbackOf !== null ? `（回滚自 v${r.rollbackOf}）` : ''}${v === latest ? ' · 当前' : ''}`,
          },
          { title: '发布时间', dataIndex: 'publishedAt', render: when },
          { title: '编辑', render: (_, r) => r.author?.name ?? '（初始导入）' },
          { title: '审核', render: (_, r) => r.reviewer?.name ?? '—', responsive: ['sm'] },
          {
            title: '',
            render: (_, r) =>
              r.version === latest ? null : (
                <Popconfirm
                  title={`按 v${r.version} 的内容建立一份草稿？`}
                  description="草稿须提交审核，通过后才会发布。"
                  okText="建立草稿"
                  cancelText="取消"
                  onConfirm={() => rollback(r.version)}
                >
                  <Button size="small" loading={mutation.isPending}>
                    回滚到此版本
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      {versions.length >= 2 ? (
        <Card size="small" title="比较两个版本" style={{ marginTop: 16 }}>
          <Space wrap style={{ marginBottom: 12 }}>
            <Select value={a} onChange={setLeft} options={options} style={{ minWidth: 220 }} aria-label="旧版本" />
            <span>→</span>
            <Select value={b} onChange={setRight} options={options} style={{ minWidth: 220 }} aria-label="新版本" />
          </Space>
          {va.result && vb.result ? <SourceDiff before={va.result.source} after={vb.result.source} /> : null}
        </Card>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          只有一个版本，发布新版本后可比较。
        </Typography.Paragraph>
      )}
    </>
  );
}
