import { Link } from '../../../components/link.tsx';

/**
 * The notes above the moxibustion log (issue #18, issue #27 item 15): logged out, where the log
 * lives, with a real 登录 button (issue #32 item 4: it was a 30×21 px word); logged in, the device's
 * sessions offered to the account, or sessions held on this phone for want of the consent.
 */
export function LoginBanner() {
  return (
    <div className="notice mx-login-hint">
      <p>记录保存在这台手机上。登录后可保存到账号，换手机也不丢。</p>
      <Link className="btn btn-primary mx-login-btn" to="/login" state={{ from: '/moxa_log' }}>
        登录
      </Link>
    </div>
  );
}

export function ImportOffer({
  count,
  busy,
  onSave,
  onDecline,
}: {
  count: number;
  busy: boolean;
  onSave: () => void;
  onDecline: () => void;
}) {
  return (
    <section className="card mx-import" aria-labelledby="mx-import-title">
      <h2 id="mx-import-title">本机有 {count} 条未登录时的记录</h2>
      <p>保存到您的账号后，换手机也能看到。要保存吗？</p>
      <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={onSave}>
        {busy ? '正在保存…' : '保存到账号'}
      </button>
      <button type="button" className="btn btn-plain btn-block" onClick={onDecline}>
        暂不
      </button>
    </section>
  );
}

export function HeldOnPhone({ count, busy, onSave }: { count: number; busy: boolean; onSave: () => void }) {
  return (
    <section className="card mx-import" aria-labelledby="mx-held-title">
      <h2 id="mx-held-title">有 {count} 条记录只保存在这台手机上</h2>
      <p>保存到账号需要您同意保存艾灸记录。不保存也没关系，但退出登录后，这台手机上的这些记录会被清除。</p>
      <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={onSave}>
        {busy ? '正在保存…' : '保存到账号'}
      </button>
    </section>
  );
}
