import type { ReactNode } from 'react';
import { CONTACT_TIME_LABELS, DURATION_LABELS, hasRedFlag } from '@moxa/core/cases/case-names';
import type { usePhysicalRecords } from '../api/queries.ts';
import type { ConsultationDraft, ContactTimeId, DraftField, DurationId } from '../utils/draft.ts';
import { MAX_COMPLAINT, MAX_SYMPTOMS } from '../utils/validation.ts';
import { RedFlagNotice } from './case-bits.tsx';
import { DiseasePicker } from './disease-picker.tsx';
import { Choice, errorId, Field, fieldId } from './form-fields.tsx';
import { PhotoPicker, type usePickedPhotos } from './photo-picker.tsx';
import { RecordSelect } from './record-select.tsx';

/**
 * The consultation form's sections (issue #17), presentational: each shows its fields from the
 * draft, reports changes with `set`, and shows a field's problem once `shown` says so.
 */
export type SectionProps = {
  draft: ConsultationDraft;
  set: (patch: Partial<ConsultationDraft>) => void;
  touch: (f: DraftField) => void;
  /** The problem to show next to a field now, if any. */
  shown: (f: DraftField) => string | undefined;
  busy: boolean;
};

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

/** The attributes that tie a text field to its problem, for screen readers. */
const invalid = (shown: SectionProps['shown'], f: DraftField) => ({
  'aria-invalid': Boolean(shown(f)),
  'aria-describedby': shown(f) ? errorId(f) : undefined,
});

export function AboutYouSection({ draft, set, touch, shown }: SectionProps) {
  return (
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
            {...invalid(shown, 'age')}
            onChange={(e) => set({ age: e.target.value.replace(/\D/g, '').slice(0, 3) })}
            onBlur={() => touch('age')}
          />
          <span>岁</span>
        </div>
      </Field>
    </section>
  );
}

export function QuestionSection({ draft, set, touch, shown, busy }: SectionProps) {
  return (
    <section className="card" aria-label="想咨询什么">
      <Field name="complaint" label="想咨询的问题" error={shown('complaint')} counter={{ value: draft.complaint, max: MAX_COMPLAINT }}>
        <input
          id={fieldId('complaint')}
          className="case-input"
          type="text"
          placeholder="如：膝盖怕冷，想艾灸调理"
          value={draft.complaint}
          {...invalid(shown, 'complaint')}
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
          {...invalid(shown, 'symptoms')}
          onChange={(e) => set({ symptoms: e.target.value })}
          onBlur={() => touch('symptoms')}
        />
      </Field>
      {hasRedFlag(`${draft.complaint} ${draft.symptoms}`) && <RedFlagNotice />}
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
  );
}

export function ExtrasSection({
  recordId,
  set,
  records,
  photos,
  busy,
}: Pick<SectionProps, 'set' | 'busy'> & {
  /** The chosen record, or '' when it no longer exists. */
  recordId: string;
  records: ReturnType<typeof usePhysicalRecords>;
  photos: ReturnType<typeof usePickedPhotos>;
}) {
  return (
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
  );
}

export function ContactSection({ draft, set, shown }: SectionProps) {
  return (
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
  );
}

/** Above the button: how many problems are left, why a send failed (nothing is lost), or the progress. */
export function SubmitArea({
  missing,
  sendError,
  busy,
  photoCount,
}: {
  missing: number;
  sendError: string | null;
  busy: boolean;
  photoCount: number;
}): ReactNode {
  return (
    <div className="case-submit">
      {missing > 0 && (
        <p className="case-error case-missing" role="alert">
          还有 {missing} 项没填好，请按红字提示修改。
        </p>
      )}
      {sendError && (
        <div className="case-send-error" role="alert">
          <strong>没有提交成功</strong>
          <p>{sendError}</p>
          <p className="small">您填写的内容{photoCount > 0 ? '和照片' : ''}都还在，可以修改后再点“提交咨询”。</p>
        </div>
      )}
      {busy && (
        <div className="case-progress" role="status">
          <span className="case-progress-bar" aria-hidden="true" />
          <p>正在提交{photoCount > 0 ? `（含 ${photoCount} 张照片）` : ''}，请稍候，不要关闭页面…</p>
        </div>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? '正在提交…' : '提交咨询'}
      </button>
    </div>
  );
}
