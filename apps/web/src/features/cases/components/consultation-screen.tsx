import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CONTACT_TIME_LABELS, DURATION_LABELS, hasRedFlag } from '@moxa/core/cases/case-names';
import { CONSTITUTION_NAMES } from '@moxa/core/physical/constitution';
import { Disclaimer } from '../../../components/disclaimer.tsx';
import { Page } from '../../../components/page.tsx';
import { useConsentGate } from '../../../components/consent-gate.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showConfirm, showToast } from '../../../lib/feedback.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import { KEEP_SCROLL_STATE } from '../../../lib/navigation.ts';
import { caseRoute } from '../api/paths.ts';
import { postConsultation } from '../api/post-consultation.ts';
import { caseKey, caseListKey, useDisease, useDiseaseList, usePhysicalRecords, useProduct } from '../api/queries.ts';
import {
  clearDraft,
  emptyDraft,
  firstErrorField,
  formatDay,
  loadDraft,
  MAX_COMPLAINT,
  MAX_SYMPTOMS,
  saveDraft,
  toRequest,
  type ConsultationDraft,
  type ContactTimeId,
  type DraftField,
  type DurationId,
} from '../utils/draft.ts';
import { CASE_DISCLAIMER, RedFlagNotice } from './case-bits.tsx';
import { DiseasePicker } from './disease-picker.tsx';
import { Choice, errorId, Field, fieldId } from './form-fields.tsx';
import { MyCases } from './my-cases.tsx';
import { PhotoPicker, usePickedPhotos } from './photo-picker.tsx';
import '../cases.css';

const PRODUCT_PREFIX = '想了解产品：';
const DURATIONS = Object.entries(DURATION_LABELS) as [DurationId, string][];
const CONTACT_TIMES = Object.entries(CONTACT_TIME_LABELS) as [ContactTimeId, string][];
const GENDERS = [
  ['female', '女'],
  ['male', '男'],
] as const;
const SEEN_DOCTOR = [
  ['yes', '看过'],
  ['no', '没看过'],
] as const;

function deviceStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * `/single-order-h5/ConsultationH5` (issue #17, title 在线咨询; the route guard has checked the
 * login): what this is (and is not), the user's cases, and the request form. What is typed is kept on
 * the phone as it is typed and comes back after a reload, a trip to /login or a failed send; it goes
 * only once the request is accepted. `?disease=<id>` preselects a condition, `?product=<id>` (a
 * product's buy button) starts the question with the product's name.
 */
export function ConsultationScreen() {
  const { user } = useLoginInfo();
  return (
    <Page title="在线咨询">
      <p className="notice case-scope">这里是艾灸调理与产品咨询，由品牌顾问解答，不是医疗诊断；急症或病情较重请及时就医。</p>
      <MyCases />
      <ConsultationForm key={user.id} userId={user.id} />
      <Disclaimer>{CASE_DISCLAIMER}</Disclaimer>
    </Page>
  );
}

function ConsultationForm({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState<ConsultationDraft>(() => loadDraft(deviceStorage(), userId) ?? emptyDraft());
  const [restored, setRestored] = useState(() => loadDraft(deviceStorage(), userId) !== null);
  const [touched, setTouched] = useState<ReadonlySet<DraftField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const photos = usePickedPhotos();
  const consent = useConsentGate('consultation');
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Kept on the phone as the user types (never the photos).
  useEffect(() => saveDraft(deviceStorage(), userId, draft), [userId, draft]);

  const set = (patch: Partial<ConsultationDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const touch = (f: DraftField) => setTouched((t) => (t.has(f) ? t : new Set(t).add(f)));

  // ?disease= and ?product= fill the form once, then leave the address, so a reload keeps what the
  // user changed since.
  const diseaseParam = params.get('disease') ?? '';
  const productParam = params.get('product') ?? '';
  const preset = useDisease(diseaseParam);
  const product = useProduct(productParam);
  useEffect(() => {
    const d = preset.data;
    if (d) setDraft((x) => ({ ...x, diseaseGroup: d.group, disease: d.id }));
  }, [preset.data]);
  useEffect(() => {
    const name = product.data?.name;
    if (name)
      setDraft((x) =>
        !x.complaint.trim() || x.complaint.startsWith(PRODUCT_PREFIX)
          ? { ...x, complaint: `${PRODUCT_PREFIX}${name}`.slice(0, MAX_COMPLAINT) }
          : x,
      );
  }, [product.data?.name]);
  const diseaseSettled = !diseaseParam || preset.data !== undefined || preset.isError;
  const productSettled = !productParam || product.data !== undefined || product.isError;
  useEffect(() => {
    if ((diseaseParam || productParam) && diseaseSettled && productSettled)
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete('disease');
          next.delete('product');
          return next;
        },
        { replace: true, state: KEEP_SCROLL_STATE },
      );
  }, [diseaseParam, productParam, diseaseSettled, productSettled, setParams]);

  const records = usePhysicalRecords();
  const diseases = useDiseaseList(draft.diseaseGroup);
  // A condition or record that no longer exists is left out rather than refused by the server.
  const diseaseId = diseases.data && !diseases.data.items.some((d) => d.id === draft.disease) ? '' : draft.disease;
  const recordId = records.data && !records.data.some((r) => r.id === draft.physicalRecordId) ? '' : draft.physicalRecordId;

  const result = toRequest({ ...draft, disease: diseaseId, physicalRecordId: recordId });
  const errors = result.errors ?? {};
  const shown = (f: DraftField) => (submitted || touched.has(f) ? errors[f] : undefined);
  const missing = Object.keys(errors).length;
  const redFlag = hasRedFlag(`${draft.complaint} ${draft.symptoms}`);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setSendError(null);
    if (!result.request) {
      const first = firstErrorField(result.errors);
      const el = first && document.getElementById(fieldId(first));
      if (el) {
        el.scrollIntoView({ block: 'center', behavior: 'smooth' });
        el.focus({ preventScroll: true });
      }
      return;
    }
    // Issue #27 item 15: the separate consent first (a sheet the first time); declining sends nothing.
    const request = result.request;
    const notAgreed = '需要您同意处理健康信息后才能提交。';
    try {
      if (!(await consent.ask())) return setSendError(notAgreed);
    } catch (err) {
      return setSendError(errorMessage(err));
    }
    setBusy(true);
    try {
      const detail = await consent.run(() =>
        postConsultation(
          request,
          photos.photos.map((p) => p.file),
        ),
      );
      if (!detail) {
        if (mounted.current) setSendError(notAgreed);
        return;
      }
      clearDraft(deviceStorage(), userId);
      queryClient.setQueryData(caseKey(userId, detail.id), detail);
      void queryClient.invalidateQueries({ queryKey: caseListKey(userId) });
      if (!mounted.current) return;
      setDraft(emptyDraft());
      void showToast('已提交，顾问会尽快回复', 'success');
      void navigate(caseRoute(detail.id));
    } catch (err) {
      // Everything stays: the fields (also on the phone) and the photos while the page is open.
      if (mounted.current) setSendError(errorMessage(err));
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const startOver = async () => {
    if (!(await showConfirm('清空重填？', '已经填写的内容和选好的照片都会清空。', '清空'))) return;
    setDraft(emptyDraft());
    photos.clear();
    setTouched(new Set());
    setSubmitted(false);
    setRestored(false);
  };

  const described = (f: DraftField) => (shown(f) ? errorId(f) : undefined);

  return (
    <form className="case-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="case-form-title">
      <h2 className="section-title" id="case-form-title">
        新建咨询
      </h2>
      {restored && (
        <div className="case-restored">
          <span>已恢复您上次没提交的内容，照片需要重新添加。</span>
          <button type="button" className="case-link-btn" onClick={() => void startOver()}>
            清空重填
          </button>
        </div>
      )}

      <section className="card" aria-label="基本情况">
        <Choice
          name="gender"
          legend="性别"
          options={GENDERS}
          value={draft.gender}
          onChange={(gender) => set({ gender })}
          error={shown('gender')}
        />
        <Field name="age" label="年龄" error={shown('age')}>
          <div className="case-age">
            <input
              id={fieldId('age')}
              className="case-input"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={3}
              placeholder="如 56"
              value={draft.age}
              aria-invalid={Boolean(shown('age'))}
              aria-describedby={described('age')}
              onChange={(e) => set({ age: e.target.value.replace(/\D/g, '').slice(0, 3) })}
              onBlur={() => touch('age')}
            />
            <span>岁</span>
          </div>
        </Field>
      </section>

      <section className="card" aria-label="想咨询什么">
        <Field name="complaint" label="想咨询的问题" error={shown('complaint')} counter={{ value: draft.complaint, max: MAX_COMPLAINT }}>
          <input
            id={fieldId('complaint')}
            className="case-input"
            type="text"
            placeholder="如：膝盖怕冷，想艾灸调理"
            value={draft.complaint}
            aria-invalid={Boolean(shown('complaint'))}
            aria-describedby={described('complaint')}
            onChange={(e) => set({ complaint: e.target.value })}
            onBlur={() => touch('complaint')}
          />
        </Field>
        <div className="case-field">
          <label className="case-label" htmlFor="case-f-disease-group">
            对应的调理项目<small>（选填）</small>
          </label>
          <DiseasePicker group={draft.diseaseGroup} disease={draft.disease} disabled={busy} onChange={(next) => set(next)} />
        </div>
        <Field name="symptoms" label="症状和不适" error={shown('symptoms')} counter={{ value: draft.symptoms, max: MAX_SYMPTOMS }}>
          <textarea
            id={fieldId('symptoms')}
            className="case-input case-textarea"
            rows={5}
            placeholder="哪里不舒服、什么时候明显、做过哪些调理或检查……写得越清楚，顾问越好回答"
            value={draft.symptoms}
            aria-invalid={Boolean(shown('symptoms'))}
            aria-describedby={described('symptoms')}
            onChange={(e) => set({ symptoms: e.target.value })}
            onBlur={() => touch('symptoms')}
          />
        </Field>
        {redFlag && <RedFlagNotice />}
        <Choice
          name="duration"
          legend="持续多久"
          options={DURATIONS}
          value={draft.duration}
          onChange={(duration) => set({ duration })}
          error={shown('duration')}
        />
        <Choice
          name="seenDoctor"
          legend="是否看过医生"
          options={SEEN_DOCTOR}
          value={draft.seenDoctor}
          onChange={(seenDoctor) => set({ seenDoctor })}
          error={shown('seenDoctor')}
        />
      </section>

      <section className="card" aria-label="补充资料">
        <Field name="physicalRecordId" label="附上体质测试结果" optional>
          <RecordSelect value={recordId} onChange={(physicalRecordId) => set({ physicalRecordId })} records={records} disabled={busy} />
        </Field>
        <div className="case-field">
          <label className="case-label" htmlFor="case-f-photos">
            照片<small>（选填）</small>
          </label>
          <PhotoPicker photos={photos.photos} errors={photos.errors} onAdd={photos.add} onRemove={photos.remove} disabled={busy} />
        </div>
      </section>

      <section className="card" aria-label="联系方式">
        <Choice
          name="contactTime"
          legend="方便联系的时间"
          options={CONTACT_TIMES}
          value={draft.contactTime}
          onChange={(contactTime) => set({ contactTime })}
          error={shown('contactTime')}
        />
        <label className="check-row">
          <input type="checkbox" checked={draft.notifySms} onChange={(e) => set({ notifySms: e.target.checked })} />
          <span>有回复时短信通知我</span>
        </label>
      </section>

      {/* Issue #27 item 15: the separate consent is the account's, asked by a sheet on the first submit. */}
      <p className="notice">
        咨询内容（症状、照片等）属于敏感个人信息，只有您和品牌顾问能看到。第一次提交时会请您单独同意，之后可以随时在“我的 →
        隐私与授权”撤回。
      </p>

      <div className="case-submit">
        {submitted && missing > 0 && (
          <p className="case-error case-missing" role="alert">
            还有 {missing} 项没填好，请按红字提示修改。
          </p>
        )}
        {sendError && (
          <div className="case-send-error" role="alert">
            <strong>没有提交成功</strong>
            <p>{sendError}</p>
            <p className="small">您填写的内容{photos.photos.length > 0 ? '和照片' : ''}都还在，可以修改后再点“提交咨询”。</p>
          </div>
        )}
        {busy && (
          <div className="case-progress" role="status">
            <span className="case-progress-bar" aria-hidden="true" />
            <p>正在提交{photos.photos.length > 0 ? `（含 ${photos.photos.length} 张照片）` : ''}，请稍候，不要关闭页面…</p>
          </div>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? '正在提交…' : '提交咨询'}
        </button>
      </div>
      {consent.sheet}
    </form>
  );
}

function RecordSelect({
  value,
  onChange,
  records,
  disabled,
}: {
  value: string;
  onChange: (id: string) => void;
  records: ReturnType<typeof usePhysicalRecords>;
  disabled?: boolean;
}) {
  if (records.isError)
    return (
      <p className="case-hint">
        测试记录没有加载出来：{errorMessage(records.error)}{' '}
        <button type="button" className="case-link-btn" onClick={() => void records.refetch()}>
          重试
        </button>
      </p>
    );
  if (records.data && records.data.length === 0)
    return (
      <p className="case-hint">
        您还没有保存的体质测试结果。
        <Link className="case-link-btn" to="/physical">
          去做体质测试
        </Link>
      </p>
    );
  return (
    <select
      id={fieldId('physicalRecordId')}
      className="case-select"
      value={value}
      disabled={disabled || !records.data}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{records.data ? '不附上' : '加载中…'}</option>
      {records.data?.map((r) => (
        <option key={r.id} value={r.id}>
          {formatDay(r.createdAt)}：{r.result.primary ? CONSTITUTION_NAMES[r.result.primary] : '暂未判定体质'}
        </option>
      ))}
    </select>
  );
}
