import { ICP_LOOKUP_URL, NOT_CONFIGURED, useAbout } from '../lib/about.ts';
import './operator-info.css';

/**
 * The operator's name, address, phone and ICP filing number (issue #27 item 18), as configured on the
 * server; what is not configured says 未配置 rather than show an invented value.
 */
export function OperatorInfo() {
  const about = useAbout();
  if (about.isPending) return <p className="muted">正在读取…</p>;
  if (about.isError) return <p className="muted">运营者信息暂时无法显示，请稍后再试。</p>;
  const a = about.data;
  const value = (v: string | null) => v ?? <span className="muted">{NOT_CONFIGURED}</span>;
  return (
    <>
      <dl className="operator-info">
        <div>
          <dt>运营者</dt>
          <dd>{value(a.operatorName)}</dd>
        </div>
        <div>
          <dt>地址</dt>
          <dd>{value(a.operatorAddress)}</dd>
        </div>
        <div>
          <dt>联系电话</dt>
          <dd>{a.operatorPhone ? <a href={`tel:${a.operatorPhone.replace(/[^0-9+]/g, '')}`}>{a.operatorPhone}</a> : value(null)}</dd>
        </div>
        <div>
          <dt>ICP备案号</dt>
          <dd>
            {a.icpNumber ? (
              <a href={ICP_LOOKUP_URL} target="_blank" rel="noopener noreferrer">
                {a.icpNumber}
              </a>
            ) : (
              value(null)
            )}
          </dd>
        </div>
      </dl>
      {!a.configured && <p className="muted small">运营方还没有填写全部信息。</p>}
    </>
  );
}
