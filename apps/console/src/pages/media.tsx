import { UploadOutlined } from '@ant-design/icons';
import {
  MAX_ALT_LENGTH,
  MAX_MEDIA_IMAGE_BYTES,
  MAX_MEDIA_VIDEO_BYTES,
  MAX_MEDIA_VIDEO_SECONDS,
  MEDIA_KIND_NAMES,
  type MediaKind,
  type MediaObject,
  type MediaPage as MediaPageData,
} from '@moxa/core/console/media-contract';
import { Alert, App as AntdApp, Button, Form, Input, Modal, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { consoleStorage, useApi } from '../app.tsx';
import { errorMessage } from '../lib/api.ts';
import { requireLogin } from '../lib/session.ts';
import { durationLabel, mediaPath, sendUpload, sizeLabel, thumbnailUrl, uploadForm } from '../lib/media.ts';

const PAGE_SIZE = 20;
const when = (ms: number) => new Date(ms).toLocaleString('zh-CN', { hour12: false });

/** An upload's thumbnail, fetched with the login (unpublished files are not public). */
function Thumbnail({ media }: { media: MediaObject }) {
  const api = useApi();
  const [src, setSrc] = useState<string | null>(null);
  const url = thumbnailUrl(media);
  useEffect(() => {
    if (!url) return;
    let made: string | null = null;
    let live = true;
    void api
      .raw('GET', mediaPath.file(media.id, url))
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob || !live) return;
        made = URL.createObjectURL(blob);
        setSrc(made);
      })
      .catch(() => {});
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [api, media.id, url]);
  return src ? (
    <img
      src={src}
      alt={media.alt}
      width={72}
      height={Math.round((72 * media.height) / media.width)}
      style={{ objectFit: 'cover', maxHeight: 72 }}
    />
  ) : (
    <div style={{ width: 72, height: 48, background: '#f3ede7' }} aria-hidden />
  );
}

type UploadValues = { alt?: string; file?: UploadFile[]; poster?: UploadFile[]; subtitles?: UploadFile[] };
const fileOf = (list: UploadFile[] | undefined) => (list?.[0]?.originFileObj as File | undefined) ?? null;
const asList = (e: { fileList?: UploadFile[] } | UploadFile[]) => (Array.isArray(e) ? e : (e.fileList ?? []));

/**
 * Upload (POST) or replace (PUT) in one dialog: alt text required for a new upload; a video also needs
 * its poster and WebVTT subtitles. The server checks everything and answers in Chinese.
 */
function UploadDialog({
  replacing,
  onClose,
  onDone,
}: {
  replacing: MediaObject | null;
  onClose: () => void;
  onDone: (m: MediaObject) => void;
}) {
  const [form] = Form.useForm<UploadValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = Form.useWatch('file', form);
  const isVideo = replacing
    ? replacing.kind === 'video'
    : fileOf(chosen)?.type === 'video/mp4' || /\.(mp4|m4v)$/i.test(fileOf(chosen)?.name ?? '');
  const submit = async (values: UploadValues) => {
    setBusy(true);
    setError(null);
    try {
      const body = uploadForm({
        alt: values.alt?.trim() || (replacing ? undefined : ''),
        file: fileOf(values.file),
        poster: isVideo ? fileOf(values.poster) : null,
        subtitles: isVideo ? fileOf(values.subtitles) : null,
      });
      const deps = {
        fetch: (...a: Parameters<typeof fetch>) => window.fetch(...a),
        storage: consoleStorage,
        origin: window.location.origin,
        onUnauthorized: requireLogin,
      };
      const saved = await sendUpload(deps, replacing ? 'PUT' : 'POST', replacing ? mediaPath.one(replacing.id) : mediaPath.list(), body);
      onDone(saved);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const one = { beforeUpload: () => false, maxCount: 1 } as const;
  return (
    <Modal
      open
      title={replacing ? `替换文件：${replacing.name}` : '上传图片或视频'}
      okText={replacing ? '替换' : '上传'}
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ alt: replacing?.alt ?? '' }}>
        <Form.Item
          name="file"
          label={replacing ? `新的${MEDIA_KIND_NAMES[replacing.kind]}` : '文件'}
          valuePropName="fileList"
          getValueFromEvent={asList}
          rules={[{ required: true, message: '请选择文件' }]}
          extra={`图片：JPG、PNG 或 WebP，不超过 ${MAX_MEDIA_IMAGE_BYTES / 1024 / 1024} MB；视频：MP4（H.264 + AAC，快速启动），不超过 ${MAX_MEDIA_VIDEO_BYTES / 1024 / 1024} MB、${MAX_MEDIA_VIDEO_SECONDS / 60} 分钟`}
        >
          <Upload
            {...one}
            accept={
              replacing?.kind === 'video'
                ? 'video/mp4'
                : replacing
                  ? 'image/jpeg,image/png,image/webp'
                  : 'image/jpeg,image/png,image/webp,video/mp4'
            }
          >
            <Button icon={<UploadOutlined />}>选择文件</Button>
          </Upload>
        </Form.Item>
        {isVideo ? (
          <>
            <Form.Item
              name="poster"
              label="封面图"
              valuePropName="fileList"
              getValueFromEvent={asList}
              rules={[{ required: true, message: '视频需要一张封面图' }]}
            >
              <Upload {...one} accept="image/jpeg,image/png,image/webp">
                <Button icon={<UploadOutlined />}>选择封面图</Button>
              </Upload>
            </Form.Item>
            <Form.Item
              name="subtitles"
              label="字幕（WebVTT，.vtt）"
              valuePropName="fileList"
              getValueFromEvent={asList}
              rules={[{ required: true, message: '视频需要字幕文件' }]}
            >
              <Upload {...one} accept=".vtt,text/vtt">
                <Button icon={<UploadOutlined />}>选择字幕文件</Button>
              </Upload>
            </Form.Item>
          </>
        ) : null}
        <Form.Item
          name="alt"
          label="替代文字"
          extra="说明图片或视频的内容，读屏软件会读出来，图片加载不出时也会显示"
          rules={replacing ? [] : [{ required: true, min: 2, message: '请填写替代文字，至少 2 个字' }]}
        >
          <Input.TextArea maxLength={MAX_ALT_LENGTH} showCount autoSize={{ minRows: 2 }} />
        </Form.Item>
        {error ? <Alert type="error" showIcon message={error} /> : null}
      </Form>
    </Modal>
  );
}

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
