import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DEFAULT_COUNTRY_CODE, MSG_BAD_CODE, MSG_BAD_PHONE, MSG_LOGIN_OK, RESEND_SECONDS } from '@moxa/core/login/constants';
import { formatMobile } from '@moxa/core/login/mobile';
import { PRIVACY_POLICY_PATH, TERMS_PATH } from '@moxa/core/legal/policy';
import { errorMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback.ts';
import { setLoginInfo } from '../../../lib/login-info.ts';
import { mergeAfterLogin } from '../../../lib/merge-after-login.ts';
import { useBack } from '../../../components/page.tsx';
import { login } from '../api/login.ts';
import { sendMsg } from '../api/send-msg.ts';
import { useCountdown } from '../hooks/use-countdown.ts';
import { digitsOnly } from '../login-form.ts';
import { Link } from '../../../components/link.tsx';
import '../login.css';

// The sheet (Popup + IndexBar + country data) loads only when opened (issue #6).
const CountrySheet = lazy(() => import('./country-sheet.tsx'));

type LoginState = { returnTo?: string; from?: string } | null;

/** /login exactly as spec §2, §4, §5: phone → code → login; then back where the user came from. */
export function LoginScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const back = useBack();
  const [countryCode, setCountryCode] = useState(DEFAULT_COUNTRY_CODE);
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [requested, setRequested] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetLoaded, setSheetLoaded] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const mobileInput = useRef<HTMLInputElement>(null);
  // /login is prerendered (issue #6): what someone typed before the app took over is kept, cleaned
  // to digits like everything typed afterwards (spec §5).
  useEffect(() => {
    const typed = mobileInput.current?.value ?? '';
    if (typed) setMobile(digitsOnly(typed));
  }, []);
  const countdown = useCountdown(RESEND_SECONDS);
  const [busy, setBusy] = useState<'code' | 'login' | null>(null);

  const requestCode = async () => {
    if (countdown.running || busy) return; // spec §5: blocked while the countdown runs
    if (!mobile) return void showToast(MSG_BAD_PHONE);
    setBusy('code');
    try {
      await sendMsg(formatMobile(countryCode, mobile));
      setRequested(true);
      countdown.start();
      void showToast('验证码已发送');
      setTimeout(() => codeInput.current?.focus(), 50);
    } catch (e) {
      void showToast(errorMessage(e)); // what was typed stays; the countdown does not start
    } finally {
      setBusy(null);
    }
  };

  const submitLogin = async () => {
    if (busy) return;
    if (!mobile) return void showToast(MSG_BAD_PHONE);
    if (!code) return void showToast(MSG_BAD_CODE);
    setBusy('login');
    try {
      const info = await login({ mobile: formatMobile(countryCode, mobile), code, countryCode });
      setLoginInfo(info);
      mergeAfterLogin();
      void showToast(MSG_LOGIN_OK, 'success');
      const state = location.state as LoginState;
      const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      if (state?.returnTo) void navigate(state.returnTo, { replace: true });
      else if (idx > 0) void navigate(-1);
      else void navigate('/', { replace: true });
    } catch (e) {
      void showToast(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="login">
      <button type="button" className="icon-btn login-close" aria-label="关闭" onClick={back}>
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
      <div className="login-brand">
        <img src="/logo.svg" width="84" height="84" alt="艾灸养生" className="login-logo" />
        <h1>艾灸养生</h1>
        <p>手机号验证码登录</p>
      </div>
      {/* method="dialog": a submit before the app's script runs does nothing, rather than reload the
          page with the number in its address (prerendered, issue #6; later taps: app/early-taps.ts). */}
      <form
        className="login-form"
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (requested) void submitLogin();
          else void requestCode();
        }}
      >
        <div className="login-row">
          <button
            type="button"
            className="login-cc"
            aria-label={`国家或地区区号 +${countryCode}，点击选择`}
            onClick={() => {
              setSheetLoaded(true);
              setSheetOpen(true);
            }}
          >
            +{countryCode}
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          </button>
          <input
            ref={mobileInput}
            className="login-input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            name="mobile"
            placeholder="请输入手机号"
            aria-label="手机号"
            maxLength={15}
            value={mobile}
            onChange={(e) => setMobile(digitsOnly(e.target.value))}
          />
        </div>
        {requested && (
          <div className="login-row">
            <input
              ref={codeInput}
              className="login-input"
              type="tel"
              inputMode="numeric"
              autoComplete="one-time-code"
              name="code"
              placeholder="请输入验证码"
              aria-label="验证码"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(digitsOnly(e.target.value))}
            />
            <button type="button" className="login-resend" disabled={countdown.running || busy !== null} onClick={() => void requestCode()}>
              {countdown.running ? `${countdown.remaining}s` : '重新发送'}
            </button>
          </div>
        )}
        <button type="submit" className="btn btn-primary btn-block login-submit" disabled={busy !== null}>
          {requested ? '登录' : '获取验证码'}
        </button>
        {/* Issue #27 item 18: the terms and the policy, from the login screen. */}
        <p className="login-agree">
          登录即表示同意<Link to={TERMS_PATH}>《用户协议》</Link>和<Link to={PRIVACY_POLICY_PATH}>《隐私政策》</Link>
        </p>
        <p className="login-note">未注册的手机号验证后将自动创建账号。我们只用手机号为您登录和保存测试记录，不会向他人提供。</p>
      </form>
      {sheetLoaded && (
        <Suspense fallback={null}>
          <CountrySheet
            visible={sheetOpen}
            current={countryCode}
            onClose={() => setSheetOpen(false)}
            onSelect={(c) => {
              setCountryCode(c);
              setSheetOpen(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
