import { FolderOpenOutlined, UploadOutlined } from '@ant-design/icons';
import { MEDIA_KIND_NAMES, type MediaKind, type MediaObject, type MediaPage as MediaPageData } from '@moxa/core/console/media-contract';
import { Alert, Button, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useApi } from '../app.tsx';
import { ConsoleApiError, errorMessage } from '../lib/api.ts';
import { durationLabel, mediaPath, sizeLabel } from '../lib/media.ts';
import { libraryKind, uploadOf, type MediaFieldKind } from '../lib/media-fields.ts';
import { Thumbnail } from './media-thumbnail.tsx';
import { UploadDialog } from './upload-dialog.tsx';

const PAGE_SIZE = 8;
const PREVIEW = 96;

/** What a field holds, in words, for its label and the dialog's title. */
const FIELD_NOUNS: Record<MediaFieldKind, string> = { image: '图片', video: '视频', poster: '视频封面', subtitles: '视频字幕' };

/**
 * The library in a dialog (issue #30): search by file name or alt text, only the kind the field takes,
 * 选择 on a row, and 上传新文件 (the media page's upload form), which chooses the new file once stored.
 */
export function MediaLibraryDialog({
  kind,
  title,
  onClose,
  onChoose,
}: {
  kind: MediaKind;
  title: string;
  onClose: () => void;
  onChoose: (m: MediaObject) => void;
}) {
  const api = useApi();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<MediaPageData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    let live = true;
    setError(null);
    api
      .get<MediaPageData>(mediaPath.list(), { q: q || undefined, kind, page, size: PAGE_SIZE })
      .then((d) => live && setData(d))
      .catch((e: unknown) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [api, q, kind, page]);

  const noun = MEDIA_KIND_NAMES[kind];
  return (
    <Modal open title={title} width={860} footer={null} onCancel={onClose} destroyOnHidden>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder="按文件名或替代文字搜索"
          allowClear
          aria-label="搜索媒体库"
          onSearch={(v) => (setQ(v.trim()), setPage(1))}
          style={{ width: 280 }}
        />
        <Tag>只显示{noun}</Tag>
        <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>
          上传新文件
        </Button>
      </Space>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Table<MediaObject>
        rowKey="id"
        size="small"
        loading={data === null && !error}
        dataSource={data?.items ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        locale={{ emptyText: q ? `没有找到“${q}”相关的${noun}` : `媒体库里还没有${noun}，点“上传新文件”上传` }}
        scroll={{ x: 700 }}
        columns={[
          { title: '预览', key: 'thumb', width: 88, render: (_, m) => <Thumbnail media={m} size={64} /> },
          {
            title: '文件',
            key: 'name',
            render: (_, m) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{m.name}</Typography.Text>
                <Typography.Text type="secondary">{m.alt}</Typography.Text>
              </Space>
            ),
          },
          {
            title: kind === 'video' ? '尺寸和时长' : '尺寸',
            key: 'size',
            width: 150,
            render: (_, m) => (
              <Space direction="vertical" size={0}>
                <span>
                  {m.width}×{m.height} {durationLabel(m.durationMs)}
                </span>
                <Typography.Text type="secondary">{sizeLabel(m.size)}</Typography.Text>
              </Space>
            ),
          },
          {
            title: '状态',
            key: 'published',
            width: 90,
            render: (_, m) => (m.published ? <Tag color="green">已发布</Tag> : <Tag>未发布</Tag>),
          },
          {
            title: '',
            key: 'choose',
            width: 90,
            render: (_, m) => (
              <Button type="primary" aria-label={`选择 ${m.name}`} onClick={() => onChoose(m)}>
                选择
              </Button>
            ),
          },
        ]}
      />
      {uploading ? <UploadDialog replacing={null} only={kind} onClose={() => setUploading(false)} onDone={onChoose} /> : null}
    </Modal>
  );
}

/** The upload a value refers to, read from the library (null while loading or for a content/media path). */
function useUpload(value: unknown): { media: MediaObject | null; missing: boolean } {
  const api = useApi();
  const id = uploadOf(value)?.id ?? null;
  const [state, setState] = useState<{ id: string; media: MediaObject | null; missing: boolean } | null>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    api
      .get<MediaObject>(mediaPath.one(id))
      .then((media) => live && setState({ id, media, missing: false }))
      .catch((e: unknown) => live && setState({ id, media: null, missing: e instanceof ConsoleApiError && e.statusCode === 404 }));
    return () => {
      live = false;
    };
  }, [api, id]);
  return state && state.id === id ? state : { media: null, missing: false };
}

/** An upload's thumbnail by its reference (`uploads/<id>`), e.g. an advisor's photo in a list; nothing until loaded. */
export function UploadThumbnail({ value, size }: { value: string | null | undefined; size: number }) {
  const { media } = useUpload(value);
  return media ? <Thumbnail media={media} size={size} /> : null;
}

/** The box left of the field: the chosen upload's picture, or what the value is when there is none. */
function Preview({ value, kind }: { value: unknown; kind: MediaFieldKind }) {
  const { media, missing } = useUpload(value);
  const box = (text: string, tone?: 'danger') => (
    <div className="media-picker-empty" style={{ width: PREVIEW, height: PREVIEW }}>
      <Typography.Text type={tone ?? 'secondary'}>{text}</Typography.Text>
    </div>
  );
  if (!value) return box(`未选择${FIELD_NOUNS[kind]}`);
  if (!uploadOf(value)) return box('内容目录里的文件');
  if (missing) return box('媒体库里没有这个文件', 'danger');
  if (!media) return box('正在加载…');
  if (uploadOf(value)?.part === 'vtt') return box(`字幕：${media.name}`);
  return (
    <div className="media-picker-thumb" style={{ width: PREVIEW, height: PREVIEW }}>
      <Thumbnail media={media} size={PREVIEW} />
    </div>
  );
}

/**
 * A field that takes a file of the media library (issue #30): the current picture, 从媒体库选择 (the
 * library of the field's kind in a dialog), and the reference itself, which can still be typed — the
 * seed's pictures are paths under content/media. `onChoose` gets the upload chosen in the dialog (the
 * form field fills its siblings from it); typing goes to `onChange`.
 */
export function MediaPicker({
  id,
  value,
  kind,
  readOnly = false,
  onChange,
  onChoose,
}: {
  id?: string;
  value: string | null | undefined;
  kind: MediaFieldKind;
  readOnly?: boolean;
  onChange: (value: string | undefined) => void;
  onChoose: (media: MediaObject) => void;
}) {
  const [open, setOpen] = useState(false);
  const { media } = useUpload(value);
  const noun = FIELD_NOUNS[kind];
  return (
    <div className="media-picker">
      <Preview value={value} kind={kind} />
      <Space direction="vertical" size={4} style={{ flex: 1, minWidth: 0 }}>
        <Input
          id={id}
          value={value ?? ''}
          readOnly={readOnly}
          allowClear={!readOnly}
          placeholder={kind === 'image' ? '从媒体库选择，或填写 content/media 里的路径' : '从媒体库选择视频'}
          onChange={(e) => onChange(e.target.value.trim() === '' ? undefined : e.target.value.trim())}
        />
        {media ? (
          <Typography.Text type="secondary" ellipsis>
            {media.name} · {media.alt}
          </Typography.Text>
        ) : null}
        {readOnly ? null : (
          <Button icon={<FolderOpenOutlined />} onClick={() => setOpen(true)}>
            从媒体库选择
          </Button>
        )}
      </Space>
      {open ? (
        <MediaLibraryDialog
          kind={libraryKind(kind)}
          title={kind === 'poster' || kind === 'subtitles' ? `选择视频（填入它的${noun.slice(2)}）` : `从媒体库选择${noun}`}
          onClose={() => setOpen(false)}
          onChoose={(m) => {
            setOpen(false);
            onChoose(m);
          }}
        />
      ) : null}
    </div>
  );
}
