import type { VitalP75, VitalsReport } from '@moxa/core/vitals/vitals-contract';
import { VITAL_METRICS, type VitalMetric } from '@moxa/core/vitals/vitals-names';
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Segmented, Select, Space, Table, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../app.tsx';
import { errorMessage } from '../lib/api.ts';
import { apiPath } from '../lib/paths.ts';
import { goodLimits, isSlow, readingZh, reportedRoutes, VITAL_LABELS } from '../lib/vitals.ts';

type Row = VitalsReport['rows'][number];
const PERIODS = [7, 30, 90] as const;

function Reading({ metric, value }: { metric: VitalMetric; value: VitalP75 | null }) {
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  const slow = isSlow(metric, value);
  return (
    <span data-slow={slow || undefined}>
      <Typography.Text type={slow ? 'danger' : undefined} strong={slow}>
        {readingZh(metric, value.p75)}
      </Typography.Text>{' '}
      <Typography.Text type="secondary">（{value.n} 次）</Typography.Text>
    </span>
  );
}

/**
 * 页面速度 (issue #33 item 5, decision 034): what real phones see — the 75th percentile of each Core Web
 * Vital per page and day (China time) from the sampled visits' reports, values past Google's "good"
 * limit in red. Read from GET /api/v8/admin/vitals (editors); nothing in it identifies a visitor.
 */
export function VitalsPage() {
  const api = useApi();
  const [days, setDays] = useState<number>(7);
  const [route, setRoute] = useState<string | null>(null);
  const [report, setReport] = useState<VitalsReport | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setReport(await api.get<VitalsReport>(apiPath.vitals(), { days }));
    } catch (e) {
      // The last report stays on screen under the message.
      setError(errorMessage(e));
    } finally {
      setLoading(false);
    }
  }, [api, days]);
  useEffect(() => void load(), [load]);

  const routes = reportedRoutes(report);
  const rows = (report?.rows ?? []).filter((r) => !route || r.route === route);

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          页面速度
        </Typography.Title>
        <Button icon={<ReloadOutlined />} onClick={() => void load()} loading={loading}>
          刷新
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 880 }}>
        来自真实访问的抽样上报（只记页面、设备档次和网络类型，不含任何个人信息）。每格是这个页面当天的第 75
        百分位——四分之三的访问不比它慢，括号里是上报次数；红色表示超出“良好”界限：{goodLimits()}。
      </Typography.Paragraph>
      <Space style={{ marginBottom: 16 }} wrap>
        <Segmented<number>
          aria-label="时间范围"
          value={days}
          onChange={(d) => setDays(d)}
          options={PERIODS.map((d) => ({ value: d, label: `最近 ${d} 天` }))}
        />
        <Select
          aria-label="页面"
          placeholder="全部页面"
          allowClear
          showSearch
          value={route}
          onChange={(r: string | undefined) => setRoute(r ?? null)}
          options={routes.map((r) => ({ value: r, label: r }))}
          style={{ minWidth: 220 }}
          popupMatchSelectWidth={false}
        />
      </Space>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Table<Row>
        rowKey={(r) => `${r.day} ${r.route}`}
        loading={loading}
        dataSource={rows}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: report ? `最近 ${days} 天还没有上报（只有抽样到的访问会上报）` : '—' }}
        columns={[
          { title: '日期', dataIndex: 'day', width: 120 },
          { title: '页面', dataIndex: 'route', render: (r: string) => <Typography.Text code>{r}</Typography.Text> },
          ...VITAL_METRICS.map((m) => ({
            key: m,
            title: (
              <Tooltip title={VITAL_LABELS[m].means}>
                <span>
                  {m} {VITAL_LABELS[m].name}
                </span>
              </Tooltip>
            ),
            render: (_: unknown, r: Row) => <Reading metric={m} value={r[m]} />,
          })),
        ]}
      />
    </>
  );
}
