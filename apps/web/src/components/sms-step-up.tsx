import { useEffect, useState } from 'react';
import type { StepUpPurpose } from '@moxa/core/login/login-contract';
import { errorMessage } from '../lib/api-client.ts';
import { sendStepUpCode } from '../lib/account.ts';

/**
 * A fresh SMS code to the account's own number before a binding changes (issue #13 item 1) or the
 * account is deleted. What was typed stays when a request fails; the button counts down before
 * another code. `purpose` is what the code will be good for, and only that (issue #27 item 10).
 * `danger` marks an irreversible confirmation; `precheck` names what is still missing on the screen
 * around it, shown here instead of confirming.
 */
export function SmsStepUp({
  purpose,
  confirmText,
  onConfirm,
  danger = false,
  precheck,
}: {
  purpose: StepUpPurpose;
  confirmText: string;
  onConfirm: (code: string) => Promise<void>;
  danger?: boolean;
  precheck?: () => string | null;
}) {
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState<'send' | 'confirm' | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (wait <= 0) return;
    const t = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(t);
  }, [wait]);
  const send = async () => {
    setBusy('send');
    setError(null);
    try {
      const r = await sendStepUpCode(purpose);
      setSentTo(r.mobile);
      setWait(r.resendAfter);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  const confirm = async () => {
    const missing = precheck?.() ?? null;
    if (missing) return setError(missing);
    if (!/^[0-9]{4,8}$/.test(code)) return setError('请输入正确的验证码');
    setBusy('confirm');
    setError(null);
    try {
      await onConfirm(code);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="step-up">
      <p className="muted small">{sentTo ? `验证码已发送到 ${sentTo}` : '为保护您的账号，需要验证本账号的手机号。'}</p>
      <div className="step-up-row">
        <input
          className="step-up-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          placeholder="请输入验证码"
          aria-label="短信验证码"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
        <button type="button" className="btn" disabled={busy !== null || wait > 0} onClick={() => void send()}>
          {wait > 0 ? `${wait}s` : sentTo ? '重新获取' : '获取验证码'}
        </button>
      </div>
      {error && (
        <p className="step-up-error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className={`btn btn-primary btn-block${danger ? ' btn-danger' : ''}`}
        disabled={busy !== null}
        onClick={() => void confirm()}
      >
        {busy === 'confirm' ? '请稍候…' : confirmText}
      </button>
    </div>
  );
}
