import { useEffect, useState } from 'react';
import Popup from 'antd-mobile/es/components/popup';
import type { ScaleResult } from '@moxa/core/physical/physical-contract';
import { drawShareImage } from '../utils/draw-share-image.ts';
import type { ShareText } from '../utils/share-layout.ts';

/**
 * The 分享结果 sheet (issue #5): draws the share image once and shows it as an <img>, which WeChat
 * lets the user long-press to save or send. Loaded on demand with Chart.js and antd-mobile Popup.
 */
export default function SharePopup({ text, scales, onClose }: { text: ShareText; scales: readonly ScaleResult[]; onClose: () => void }) {
  const [visible, setVisible] = useState(true);
  const [state, setState] = useState<{ url: string } | { error: true } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // Let the sheet open first, then draw (a few hundred ms on an older phone).
    let live = true;
    const t = setTimeout(() => {
      drawShareImage(text, scales).then(
        (url) => live && setState({ url }),
        () => live && setState({ error: true }),
      );
    }, 60);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [text, scales, attempt]);

  return (
    <Popup visible={visible} onMaskClick={() => setVisible(false)} afterClose={onClose} bodyClassName="phy-share" destroyOnClose>
      <h2>分享我的测试结果</h2>
      {state === null && <p className="phy-share-wait">正在生成图片…</p>}
      {state && 'url' in state && (
        <>
          <img src={state.url} alt={`${text.title}：${text.typeName}`} />
          <p className="phy-share-hint">长按图片保存或发送给朋友</p>
        </>
      )}
      {state && 'error' in state && (
        <div className="phy-share-wait">
          <p>图片没有生成成功</p>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setState(null);
              setAttempt((n) => n + 1);
            }}
          >
            重试
          </button>
        </div>
      )}
      <button type="button" className="btn btn-block" onClick={() => setVisible(false)}>
        关闭
      </button>
    </Popup>
  );
}
