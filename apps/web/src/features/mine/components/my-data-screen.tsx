import { useEffect, useRef, useState } from 'react';
import { EXPORT_SECTIONS, exportFileName } from '@moxa/core/export/export-sections';
import { Page } from '../../../components/page.tsx';
import { SmsStepUp } from '../../../components/sms-step-up.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback.ts';
import { exportData, type AccountExport } from '../api/export-data.ts';
import '../mine.css';

/** Saves `text` as a file on the phone (a download link the browser is asked to follow). */
function saveFile(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has read the file once the click's task is over; a minute leaves room for slow phones.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const kb = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * `/mine/data` 我的数据 (issue #27 item 16, 《个人信息保护法》 §45): says what the copy holds, proves the
 * phone with a fresh code (as 注销账号 does), then lists what came (the manifest) and saves it as a
 * data file (JSON) and as a page to read or print (HTML, made here from the same data, no scripts).
 */
export function MyDataScreen() {
  const [data, setData] = useState<AccountExport | null>(null);
  const [saving, setSaving] = useState(false);
  const ready = useRef<HTMLElement>(null);
  // The list of what came replaces the code form: bring it into view once.
  useEffect(() => {
    if (data) ready.current?.scrollIntoView({ block: 'start' });
  }, [data]);

  const saveJson = () => {
    if (!data) return;
    saveFile(JSON.stringify(data, null, 2), exportFileName(data.exportedAt, 'json'), 'application/json');
  };
  const saveHtml = async () => {
    if (!data) return;
    setSaving(true);
    try {
      const { renderExportHtml } = await import('@moxa/core/export/export-html');
      saveFile(renderExportHtml(data), exportFileName(data.exportedAt, 'html'), 'text/html');
    } catch (e) {
      void showToast(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page title="我的数据">
      <section className="card mine-delete" aria-labelledby="mine-data-what">
        <h2 id="mine-data-what">下载账号保存的全部信息</h2>
        <p>包括：{EXPORT_SECTIONS.map((s) => s.title).join('、')}，咨询里的照片也在里面。</p>
        <p>
          可以保存成两种文件：<strong>网页</strong>，直接打开就能看、能打印；<strong>数据文件</strong>（JSON 格式），给电脑和别的软件读取。
        </p>
        <p className="muted">文件里有您的手机号和健康信息，请保存在自己的手机或电脑上，不要随意转发。</p>
      </section>

      {data ? (
        <section className="card mine-data-done" aria-labelledby="mine-data-got" ref={ready}>
          <h2 id="mine-data-got">已准备好，共有：</h2>
          <ul className="mine-data-counts">
            {data.manifest.sections.map((s) => (
              <li key={s.key}>
                <span>{s.title}</span>
                <b>{s.count} 条</b>
              </li>
            ))}
            {data.manifest.photos > 0 && (
              <li>
                <span>咨询照片</span>
                <b>
                  {data.manifest.photos} 张（{kb(data.manifest.photoBytes)}）
                </b>
              </li>
            )}
          </ul>
          <button type="button" className="btn btn-primary btn-block" disabled={saving} onClick={() => void saveHtml()}>
            {saving ? '正在生成…' : '保存可打印的网页'}
          </button>
          <button type="button" className="btn btn-block" onClick={saveJson}>
            保存数据文件（JSON）
          </button>
          <p className="muted">在微信里点了没有反应时，请点右上角“···”，选“在浏览器打开”，再导出一次。</p>
        </section>
      ) : (
        <section className="card" aria-label="验证并导出">
          <SmsStepUp
            purpose="export"
            confirmText="导出我的数据"
            onConfirm={async (code) => {
              setData(await exportData(code));
              void showToast('已准备好，请保存文件', 'success');
            }}
          />
        </section>
      )}
    </Page>
  );
}
