import { UploadOutlined } from '@ant-design/icons';
import {
  MAX_ALT_LENGTH,
  MAX_MEDIA_IMAGE_BYTES,
  MAX_MEDIA_VIDEO_BYTES,
  MAX_MEDIA_VIDEO_SECONDS,
  MEDIA_KIND_NAMES,
  type MediaKind,
  type MediaObject,
} from '@moxa/core/console/media-contract';
import { Alert, Button, Form, Input, Modal, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { useState } from 'react';
import { consoleStorage } from '../app.tsx';
import { errorMessage } from '../lib/api.ts';
import { mediaPath, sendUpload, uploadForm } from '../lib/media.ts';
import { requireLogin } from '../lib/session.ts';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

const IMAGE_RULE = `图片：JPG、PNG 或 WebP，不超过 ${MAX_MEDIA_IMAGE_BYTES / 1024 / 1024} MB`;
const VIDEO_RULE = `视频：MP4（H.264 + AAC，快速启动），不超过 ${MAX_MEDIA_VIDEO_BYTES / 1024 / 1024} MB、${MAX_MEDIA_VIDEO_SECONDS / 60} 分钟`;

type UploadValues = { alt?: string; file?: UploadFile[]; poster?: UploadFile[]; subtitles?: UploadFile[] };
const fileOf = (list: UploadFile[] | undefined) => (list?.[0]?.originFileObj as File | undefined) ?? null;
const asList = (e: { fileList?: UploadFile[] } | UploadFile[]) => (Array.isArray(e) ? e : (e.fileList ?? []));

/**
 * Upload (POST) or replace (PUT) in one dialog: alt text required for a new upload; a video also needs
 * its poster and WebVTT subtitles. The server checks everything and answers in Chinese. `only` limits a
 * new upload to one kind (the media picker of an image or a video field, issue #30).
 */
export function UploadDialog({
  replacing,
  only,
  onClose,
  onDone,
}: {
  replacing: MediaObject | null;
  only?: MediaKind;
  onClose: () => void;
  onDone: (m: MediaObject) => void;
}) {
  const kind = replacing?.kind ?? only;
  const [form] = Form.useForm<UploadValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = Form.useWatch('file', form);
  const isVideo = kind ? kind === 'video' : fileOf(chosen)?.type === 'video/mp4' || /\.(mp4|m4v)$/i.test(fileOf(chosen)?.name ?? '');
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
      title={replacing ? `替换文件：${replacing.name}` : only ? `上传${MEDIA_KIND_NAMES[only]}` : '上传图片或视频'}
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
          label={replacing ? `新的${MEDIA_KIND_NAMES[replacing.kind]}` : only ? `${MEDIA_KIND_NAMES[only]}文件` : '文件'}
          valuePropName="fileList"
          getValueFromEvent={asList}
          rules={[{ required: true, message: '请选择文件' }]}
          extra={[kind !== 'video' ? IMAGE_RULE : null, kind !== 'image' ? VIDEO_RULE : null].filter(Boolean).join('；')}
        >
          <Upload {...one} accept={kind === 'video' ? 'video/mp4' : kind === 'image' ? IMAGE_TYPES : `${IMAGE_TYPES},video/mp4`}>
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
              <Upload {...one} accept={IMAGE_TYPES}>
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
