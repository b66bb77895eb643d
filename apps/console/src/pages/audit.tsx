import type { AuditEntry } from '@moxa/core/console/console-contract';
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App as AntdApp, Button, DatePicker, Form, Input, Select, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../app.tsx';
import { ConsoleApiError, errorMessage } from '../lib/api.ts';
import { AUDIT_ACTIONS, actionLabel, auditQuery, detailSummary } from '../lib/audit.ts';
import { listOf } from '../lib/data-provider.ts';
import { apiPath } from '../lib/paths.ts';

type Filters = { actor?: string; action?: string; subject?: string; dates?: [Dayjs | null, Dayjs | null] | null };
const PAGE = 100;
const when = (ms: number) => new Date(ms).toLocaleString('zh-CN', { hour12: false });

/**
 * 审计日志 (issue #29): who did what, when, before/after; filtered by person, action, subject and
 * dates; newest first, 加载更多 pages back by time; 导出 CSV downloads the filtered log.
 */
export function AuditPage() {
  const api = useApi();
  const { message } = AntdApp.useApp();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [rows, setRows] = useState<AuditEntry[]>([]);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The people in the trail so far (the API filters by their id; reviewers cannot list staff).
  const [actors, setActors] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    setActors((old) => {
      const known = new Map(old.map((a) => [a.value, a.label]));
      for (const r of rows) if (r.actor) known.set(r.actor.id, r.actor.name);
      return known.size === old.length ? old : [...known].map(([value, label]) => ({ value, label }));
    });
  }, [rows]);

  const query = useCallback(
    (f: Filters, before?: number) =>
      auditQuery({
        actor: f.actor,
        action: f.action,
        subject: f.subject,
        from: f.dates?.[0]?.startOf('day').valueOf() ?? null,
        to: f.dates?.[1]?.endOf('day').valueOf() ?? null,
        before,
      }),
    [],
  );

  const load = useCallback(
    async (f: Filters, before?: number) => {
      setLoading(true);
      setError(null);
      try {
        const page = listOf(await api.get<unknown>(apiPath.audit(), { ...query(f, before), limit: PAGE })) as AuditEntry[];
        setRows((old) => (before ? [...old, ...page] : page));
        setMore(page.length === PAGE);
      } catch (e) {
        setError(errorMessage(e));
      } finally {
        setLoading(false);
      }
    },
    [api, query],
  );
  useEffect(() => void load(filters), [load, filters]);

  const exportCsv = async () => {
    try {
      const res = await api.raw('GET', apiPath.auditCsv(), { query: query(filters) });
      if (!res.ok) {
        const json = (await res.json().catch(() => null)) as { msg?: string } | null;
        throw new ConsoleApiError(res.status, -1, json?.msg ?? '导出失败，请稍后再试');
      }
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = `审计日志-${new Date().toISOString().slice(0, 10)}.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      void message.error(errorMessage(e));
    }
  };

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          审计日志
        </Typography.Title>
        <Button icon={<DownloadOutlined />} onClick={() => void exportCsv()}>
          导出 CSV
        </Button>
      </Space>
      <Form form={form} layout="inline" onFinish={(v) => setFilters({ ...v })} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="actor">
          <Select
            placeholder="操作人"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label="操作人"
            style={{ width: 160 }}
            options={actors}
            popupMatchSelectWidth={false}
          />
        </Form.Item>
        <Form.Item name="action">
          <Select
            placeholder="操作"
            allowClear
            aria-label="操作"
            style={{ width: 150 }}
            options={Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label: `${label}（${value}）` }))}
            popupMatchSelectWidth={false}
          />
        </Form.Item>
        <Form.Item name="subject">
          <Input placeholder="对象（如 content:products/family-set）" allowClear aria-label="对象" style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name="dates">
          <DatePicker.RangePicker aria-label="日期" />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilters({});
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Table<AuditEntry>
        rowKey="id"
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowRender: (r) => (
            <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{JSON.stringify(r.detail, null, 2)}</pre>
          ),
        }}
        columns={[
          { title: '时间', dataIndex: 'at', render: when },
          { title: '操作人', render: (_, r) => r.actor?.name ?? '系统' },
          { title: '操作', dataIndex: 'action', render: actionLabel },
          { title: '对象', dataIndex: 'subject' },
          { title: '详情', render: (_, r) => detailSummary(r.detail), responsive: ['lg'] },
        ]}
      />
      {more ? (
        <Button style={{ marginTop: 12 }} onClick={() => void load(filters, rows.at(-1)?.at)} loading={loading}>
          加载更多
        </Button>
      ) : null}
    </>
  );
}
