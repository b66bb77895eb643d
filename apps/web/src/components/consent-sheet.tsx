import { useEffect, useId, useRef, useState } from 'react';
import Popup from 'antd-mobile/es/components/popup';
import {
  CONSENT_ERROR_CODES,
  chinaYear,
  mayBeUnder14,
  PRIVACY_POLICY_PATH,
  PRIVACY_POLICY_VERSION,
  type ConsentPurpose,
} from '@moxa/core/consent/consent-rules';
import { ApiError, errorMessage } from '../lib/api-client.ts';
import { grantConsent } from '../lib/consent.ts';
import { Link } from './link.tsx';
import './consent.css';

/** The oldest year the picker offers (the server accepts from 1900). */
const FIRST_YEAR = 1920;

type Wording = {
  title: string;
  what: string;
  why: string;
  who: string;
  howLong: string;
  agree: string;
  decline: string;
  /** What happens on 暂不保存: nothing the user did is lost. */
  kept: string;
  /** The same for someone under 14. */
  childKept: string;
  /** What a child can do instead. */
  childInstead: string;
};

/** What is kept, why, who sees it and for how long, per purpose (《个人信息保护法》 §17, §30). */
const WORDING: Record<ConsentPurpose, Wording> = {
  constitution: {
    title: '保存体质测试记录，需要您单独同意',
    what: '这次测试的答案、性别和结果（体质判定和各项得分）。',
    why: '换手机登录也能查看，还能看到体质的变化。',
    who: '只有您本人。只有您在咨询时自己选择附上，品牌顾问才能看到。',
    howLong: '一直保存，直到您删除记录或注销账号。',
    agree: '同意并保存',
    decline: '暂不保存',
    kept: '选“暂不保存”，结果仍留在这台手机上，不会上传。',
    childKept: '这次的结果只保存在这台手机上，没有上传，也没有记下您的出生年份。',
    childInstead: '想保存的话，请爸爸妈妈用他们自己的手机号登录，在他们的账号里保存。',
  },
  'moxa-log': {
    title: '保存艾灸记录，需要您单独同意',
    what: '每次艾灸的日期、穴位和时长，灸后的感受、反应和备注。',
    why: '换手机登录也能看到艾灸记录和调理进度。',
    who: '只有您本人。',
    howLong: '一直保存，直到您删除记录或注销账号。',
    agree: '同意并保存',
    decline: '暂不保存',
    kept: '选“暂不保存”，记录仍留在这台手机上，不会上传。',
    childKept: '这次的记录只保存在这台手机上，没有上传，也没有记下您的出生年份。',
    childInstead: '想保存的话，请爸爸妈妈用他们自己的手机号登录，在他们的账号里保存。',
  },
  consultation: {
    title: '提交咨询，需要您单独同意',
    what: '您填写的症状、年龄、性别等健康情况，以及上传的照片。',
    why: '只为让品牌顾问了解您的情况、回答您的咨询。',
    who: '您本人和品牌的咨询顾问。',
    howLong: '保存到您删除这条咨询或注销账号；删除后，文字和照片永久删除。',
    agree: '同意并提交',
    decline: '暂不提交',
    kept: '选“暂不提交”，您填写的内容仍留在本页，不会发出。',
    childKept: '咨询没有提交，您填写的内容仍留在这台手机上，也没有记下您的出生年份。',
    childInstead: '需要咨询的话，请爸爸妈妈用他们自己的手机号登录来咨询。',
  },
};

/**
 * The consent sheet (issue #27 items 15 and 17), shown the first time health data of a purpose is
 * saved to the account: what, why, who sees it, how long, withdrawal, the privacy policy, and the
 * birth year. Someone who may be under 14 is refused kindly on the phone — nothing is sent. Calls
 * `onDone(true)` once the consent is recorded, `onDone(false)` otherwise; it never saves the data.
 */
export default function ConsentSheet({ purpose, onDone }: { purpose: ConsentPurpose; onDone: (agreed: boolean) => void }) {
  const w = WORDING[purpose];
  const [visible, setVisible] = useState(true);
  const [step, setStep] = useState<'ask' | 'child'>('ask');
  const [year, setYear] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const agreed = useRef(false);
  const titleId = useId();
  const dialog = useRef<HTMLElement>(null);
  const picker = useRef<HTMLSelectElement>(null);
  useEffect(() => dialog.current?.focus({ preventScroll: true }), [step]);

  const close = (ok: boolean) => {
    agreed.current = ok;
    setVisible(false);
  };
  const thisYear = chinaYear(Date.now());
  const years = Array.from({ length: thisYear - FIRST_YEAR + 1 }, (_, i) => thisYear - i);

  const agree = async () => {
    if (busy) return;
    const birthYear = Number(year);
    if (!birthYear) {
      setError('请选择您的出生年份');
      picker.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      picker.current?.focus({ preventScroll: true });
      return;
    }
    // Item 17: decided on the phone, so the answer of someone under 14 never leaves it.
    if (mayBeUnder14(birthYear, Date.now())) return setStep('child');
    setBusy(true);
    setError(null);
    try {
      await grantConsent(purpose, birthYear);
      close(true);
    } catch (e) {
      if (e instanceof ApiError && e.code === CONSENT_ERROR_CODES.guardianRequired) setStep('child');
      else setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={() => !busy && close(false)}
      afterClose={() => onDone(agreed.current)}
      bodyClassName="consent-sheet"
      destroyOnClose
    >
      <section ref={dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className="consent-body">
        {step === 'ask' ? (
          <>
            <h2 id={titleId}>{w.title}</h2>
            <dl className="consent-facts">
              <div>
                <dt>保存什么</dt>
                <dd>{w.what}</dd>
              </div>
              <div>
                <dt>为什么保存</dt>
                <dd>{w.why}</dd>
              </div>
              <div>
                <dt>谁能看到</dt>
                <dd>{w.who}</dd>
              </div>
              <div>
                <dt>保存多久</dt>
                <dd>{w.howLong}</dd>
              </div>
              <div>
                <dt>随时撤回</dt>
                <dd>可以随时在“我的 → 隐私与授权”撤回同意，并删除已保存的内容。</dd>
              </div>
            </dl>
            <p className="consent-law">
              这些是《个人信息保护法》规定的敏感个人信息，需要您单独同意，和登录无关。
              <Link to={PRIVACY_POLICY_PATH} className="consent-policy" onClick={() => close(false)}>
                阅读《隐私政策》
              </Link>
              （{PRIVACY_POLICY_VERSION} 版）
            </p>
            <div className="consent-age">
              <label htmlFor={`${titleId}-year`}>您的出生年份</label>
              <select
                ref={picker}
                id={`${titleId}-year`}
                value={year}
                aria-invalid={Boolean(error) && !year}
                aria-describedby={`${titleId}-age-hint`}
                onChange={(e) => {
                  setYear(e.target.value);
                  setError(null);
                }}
              >
                <option value="">请选择</option>
                {years.map((y) => (
                  <option key={y} value={y}>
                    {y}年
                  </option>
                ))}
              </select>
              <p id={`${titleId}-age-hint`} className="consent-hint">
                未满14周岁保存健康信息需要父母或其他监护人同意，所以先问一下年龄。
              </p>
            </div>
            {error && (
              <p className="consent-error" role="alert">
                {error}
              </p>
            )}
            <p className="consent-hint">{w.kept}</p>
            {/* Kept in view at the bottom of the sheet while the facts above scroll (长辈版 makes them long). */}
            <div className="consent-actions is-sticky">
              <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={() => void agree()}>
                {busy ? '正在保存…' : w.agree}
              </button>
              <button type="button" className="btn btn-block" disabled={busy} onClick={() => close(false)}>
                {w.decline}
              </button>
            </div>
          </>
        ) : (
          <>
            <h2 id={titleId}>需要父母或监护人同意</h2>
            <p className="consent-child">
              根据《个人信息保护法》，<strong>未满14周岁</strong>的朋友保存健康信息，需要父母或其他监护人同意。
            </p>
            <p className="consent-child">{w.childKept}</p>
            <p className="consent-child">{w.childInstead}</p>
            <div className="consent-actions">
              <button type="button" className="btn btn-primary btn-block" onClick={() => close(false)}>
                知道了
              </button>
              <button type="button" className="btn btn-block" onClick={() => setStep('ask')}>
                出生年份选错了，重新选择
              </button>
            </div>
          </>
        )}
      </section>
    </Popup>
  );
}
