import { UploadOutlined } from '@ant-design/icons';
import {
  MAX_ALT_LENGTH,
  MEDIA_KIND_NAMES,
  type MediaKind,
  type MediaObject,
  type MediaPage as MediaPageData,
} from '@moxa/core/console/media-contract';
import { Alert, App as AntdApp, Button, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../app.tsx';
import { Thumbnail } from '../components/media-thumbnail.tsx';
import { UploadDialog } from '../components/upload-dialog.tsx';
import { errorMessage } from '../lib/api.ts';
import { durationLabel, mediaPath, sizeLabel } from '../lib/media.ts';

const PAGE_SIZE = 20;
const when = (ms: number) => new Date(ms).toLocaleString('zh-CN', { hour12: false });

/** Edits only the alt text (PUT with JSON). */
function AltDialog({ media, onClose, onDone }: { media: MediaObject; onClose: () => void; onDone: (m: MediaObject) => void }) {
  const api = useApi();
  const [alt, setAlt] = useState(media.alt);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      onDone(await api.put<MediaObject>(mediaPath.one(media.id), { alt }));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="修改替代文字" okText="保存" cancelText="取消" confirmLoading={busy} onOk={() => void save()} onCancel={onClose}>
      <Input.TextArea value={alt} onChange={(e) => setAlt(e.target.value)} maxLength={MAX_ALT_LENGTH} showCount autoSize={{ minRows: 2 }} />
      {error ? <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} /> : null}
    </Modal>
  );
}

/**
 * 媒体库 (issue #30): find, upload, reuse and replace images and videos. Each row shows the reference
 * to write in content (`uploads/<id>`); a replaced file keeps it, so content keeps pointing at it.
 */
export function MediaPage() {
  const api = useApi();
  const { message } = AntdApp.useApp();
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<MediaKind | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<MediaPageData>({ items: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ type: 'upload' } | { type: 'replace' | 'alt'; media: MediaObject } | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setData(await api.get<MediaPageData>(mediaPath.list(), { q, kind, page, size: PAGE_SIZE }));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setLoading(false);
    }
  }, [api, q, kind, page]);
  useEffect(() => {
    void load();
  }, [load]);

  const done = (text: string) => (m: MediaObject) => {
    setDialog(null);
    void message.success(`${text}：${m.name}`);
    void load();
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        媒体库
      </Typography.Title>
      <Space wrap>
        <Input.Search
          placeholder="按替代文字或文件名搜索"
          allowClear
          onSearch={(v) => (setQ(v.trim()), setPage(1))}
          style={{ width: 260 }}
        />
        <Select
          placeholder="全部类型"
          allowClear
          value={kind}
          onChange={(v) => (setKind(v), setPage(1))}
          options={(['image', 'video'] as const).map((k) => ({ value: k, label: MEDIA_KIND_NAMES[k] }))}
          style={{ width: 120 }}
        />
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setDialog({ type: 'upload' })}>
          上传
        </Button>
      </Space>
      {error ? <Alert type="error" showIcon message={error} /> : null}
      <Table<MediaObject>
        rowKey="id"
        loading={loading}
        dataSource={data.items}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data.total, onChange: setPage, showSizeChanger: false }}
        scroll={{ x: 800 }}
        columns={[
          { title: '预览', key: 'thumb', width: 96, render: (_, m) => <Thumbnail media={m} /> },
          {
            title: '文件',
            key: 'name',
            render: (_, m) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{m.name}</Typography.Text>
                <Typography.Text type="secondary">{m.alt}</Typography.Text>
                <Typography.Text copyable={{ text: m.ref, tooltips: ['复制引用', '已复制'] }} code>
                  {m.ref}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: '类型',
            key: 'kind',
            width: 150,
            render: (_, m) => (
              <Space direction="vertical" size={0}>
                <span>
                  {MEDIA_KIND_NAMES[m.kind]} {m.width}×{m.height} {durationLabel(m.durationMs)}
                </span>
                <Typography.Text type="secondary">{sizeLabel(m.size)}</Typography.Text>
              </Space>
            ),
          },
          {
            title: '状态',
            key: 'published',
            width: 110,
            render: (_, m) => (
              <Space direction="vertical" size={0}>
                {m.published ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>}
                {m.version > 1 ? <Typography.Text type="secondary">第 {m.version} 版</Typography.Text> : null}
              </Space>
            ),
          },
          { title: '更新', key: 'updated', width: 170, render: (_, m) => `${when(m.updatedAt)} ${m.uploadedBy?.name ?? ''}` },
          {
            title: '操作',
            key: 'actions',
            width: 170,
            render: (_, m) => (
              <Space>
                <Button size="small" onClick={() => setDialog({ type: 'replace', media: m })}>
                  替换文件
                </Button>
                <Button size="small" onClick={() => setDialog({ type: 'alt', media: m })}>
                  改替代文字
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {dialog?.type === 'upload' ? <UploadDialog replacing={null} onClose={() => setDialog(null)} onDone={done('已上传')} /> : null}
      {dialog?.type === 'replace' ? (
        <UploadDialog replacing={dialog.media} onClose={() => setDialog(null)} onDone={done('已替换')} />
      ) : null}
      {dialog?.type === 'alt' ? <AltDialog media={dialog.media} onClose={() => setDialog(null)} onDone={done('已保存')} /> : null}
    </Space>
  );
}
