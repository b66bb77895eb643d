import type { ConsoleItemSummary, ConsoleKind } from '@moxa/core/console/console-contract';
import { REVISION_STATE_NAMES } from '@moxa/core/console/console-contract';
import { useList } from '@refinedev/core';
import { Alert, Badge, Breadcrumb, Button, Input, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../lib/api.ts';

const STATE_COLORS: Record<string, string> = { draft: 'default', in_review: 'processing', approved: 'warning', rejected: 'error' };

/** 内容 › a kind's items (issue #29): search, open-revision badges, 新建 for creatable kinds. */
export function ItemsPage() {
  const { kind = '' } = useParams();
  const [search, setSearch] = useState('');
  const kinds = useList<ConsoleKind & { id: string }>({ resource: 'kinds', pagination: { mode: 'off' } });
  const info = kinds.result.data.find((k) => k.kind === kind);
  const { result, query } = useList<ConsoleItemSummary>({ resource: 'items', meta: { kind }, pagination: { mode: 'off' } });
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q ? result.data.filter((i) => i.id.toLowerCase().includes(q) || i.title.toLowerCase().includes(q)) : result.data;
  }, [result.data, search]);
  return (
    <>
      <Breadcrumb items={[{ title: <Link to="/content">内容</Link> }, { title: info?.label ?? kind }]} style={{ marginBottom: 12 }} />
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {info?.label ?? kind}
        </Typography.Title>
        <Space wrap>
          <Input.Search
            placeholder="按名称或编号搜索"
            allowClear
            onChange={(e) => setSearch(e.target.value)}
            style={{ width: 240 }}
            aria-label="搜索"
          />
          {info?.creatable ? (
            <Link to={`/content/${kind}/new`}>
              <Button type="primary">新建</Button>
            </Link>
          ) : null}
        </Space>
      </Space>
      {query.error ? <Alert type="error" showIcon title={errorMessage(query.error)} style={{ marginBottom: 16 }} /> : null}
      <Table<ConsoleItemSummary>
        rowKey="id"
        loading={query.isLoading}
        dataSource={rows}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: '名称',
            dataIndex: 'title',
            render: (title: string, i) => <Link to={`/content/${kind}/${encodeURIComponent(i.id)}`}>{title || i.id}</Link>,
          },
          { title: '编号', dataIndex: 'id', responsive: ['md'] },
          { title: '版本', dataIndex: 'version', width: 80, render: (v: number) => (v === 0 ? '初始' : `v${v}`) },
          {
            title: '进行中的修改',
            dataIndex: 'open',
            render: (open: ConsoleItemSummary['open']) =>
              open ? <Badge status={STATE_COLORS[open.state] as 'default'} text={REVISION_STATE_NAMES[open.state]} /> : null,
          },
          {
            title: '',
            width: 80,
            render: (_, i) => <Link to={`/content/${kind}/${encodeURIComponent(i.id)}/versions`}>版本</Link>,
          },
        ]}
      />
    </>
  );
}
