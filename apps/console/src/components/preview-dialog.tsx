import { PREVIEW_QUERY } from '@moxa/core/console/console-contract';
import { Modal, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';

type Props = { preview: { token: string; paths: string[] } | null; onClose: () => void };

/**
 * 预览 (issue #29): the draft in the real H5 screens at 375×812, framed from the same origin with
 * `?preview=<token>` (the H5 then answers from the draft). 长辈版 is the H5's `data-elder` attribute
 * on <html> (apps/web/src/lib/elder-mode.ts), set inside the frame only, so the staff member's own
 * H5 setting on this browser is left alone.
 */
export function PreviewDialog({ preview, onClose }: Props) {
  const [path, setPath] = useState<string | null>(null);
  const [elder, setElder] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  // Read by the delayed re-apply after a load as well: a switch flipped meanwhile must not be undone
  // by the value the timer was set with.
  const elderNow = useRef(elder);
  elderNow.current = elder;
  const current = path && preview?.paths.includes(path) ? path : (preview?.paths[0] ?? null);

  const applyElder = () => {
    const html = frame.current?.contentDocument?.documentElement;
    if (!html) return;
    if (elderNow.current) html.setAttribute('data-elder', '');
    else html.removeAttribute('data-elder');
  };
  useEffect(applyElder);

  const src =
    preview && current ? `${current}${current.includes('?') ? '&' : '?'}${PREVIEW_QUERY}=${encodeURIComponent(preview.token)}` : null;
  return (
    <Modal open={preview !== null} onCancel={onClose} footer={null} title="预览" width={440} destroyOnHidden centered>
      <Space wrap style={{ marginBottom: 8 }}>
        {preview && preview.paths.length > 1 ? (
          <Select
            value={current}
            onChange={setPath}
            options={preview.paths.map((p) => ({ value: p, label: p }))}
            style={{ minWidth: 200 }}
            aria-label="预览页面"
          />
        ) : null}
        <Space>
          <Switch checked={elder} onChange={setElder} aria-label="长辈版" />
          <span>长辈版</span>
        </Space>
      </Space>
      {src ? (
        <iframe
          ref={frame}
          title="H5 预览"
          src={src}
          className="preview-frame"
          onLoad={() => {
            applyElder();
            // The app may settle the attribute from storage as it starts: set it again after that.
            setTimeout(applyElder, 800);
          }}
        />
      ) : (
        <Typography.Text type="secondary">这个条目没有可预览的页面</Typography.Text>
      )}
    </Modal>
  );
}
