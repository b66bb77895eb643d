import type { ConsoleKind } from '@moxa/core/console/console-contract';
import { useList } from '@refinedev/core';
import { Alert, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { errorMessage } from '../lib/api.ts';

/** 内容 (issue #29): every content kind staff can edit, with its count. */
export function KindsPage() {
  const { result, query } = useList<ConsoleKind & { id: string }>({ resource: 'kinds', pagination: { mode: 'off' } });
  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        内容
      </Typography.Title>
      {query.error ? <Alert type="error" showIcon title={errorMessage(query.error)} style={{ marginBottom: 16 }} /> : null}
      <Table<ConsoleKind & { id: string }>
        rowKey="kind"
        loading={query.isLoading}
        dataSource={result.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: '类型',
            dataIndex: 'label',
            render: (label: string, k) => (k.editable ? <Link to={`/content/${k.kind}`}>{label}</Link> : label),
          },
          { title: '条目数', dataIndex: 'count', width: 90 },
          {
            title: '状态',
            render: (_, k) => (
              // A kind's note says what is edited elsewhere (shared files, media) or why it is not editable.
              <>
                {k.editable ? <Tag color="green">可编辑{k.creatable ? '，可新建' : ''}</Tag> : <Tag>暂不可逐条编辑</Tag>}
                {k.note ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {k.note}
                  </Typography.Text>
                ) : null}
              </>
            ),
          },
        ]}
      />
    </>
  );
}
