import { Disclaimer } from '../../../components/disclaimer.tsx';
import { Page } from '../../../components/page.tsx';
import { showConfirm } from '../../../lib/feedback.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import { useDiseaseList, usePhysicalRecords } from '../api/queries.ts';
import { useConsultationDraft } from '../hooks/use-consultation-draft.ts';
import { useSubmitConsultation } from '../hooks/use-submit-consultation.ts';
import type { DraftField } from '../utils/draft.ts';
import { toRequest, withoutStale } from '../utils/validation.ts';
import { CASE_DISCLAIMER } from './case-bits.tsx';
import { AboutYouSection, ContactSection, ExtrasSection, QuestionSection, SubmitArea } from './consultation-sections.tsx';
import { MyCases } from './my-cases.tsx';
import { usePickedPhotos } from './photo-picker.tsx';
import '../cases.css';

/**
 * `/single-order-h5/ConsultationH5` (issue #17, title 在线咨询; the route guard has checked the
 * login): what this is (and is not), the user's cases, and the request form. The form is read in
 * parts: its fields and their copy on the phone (hooks/use-consultation-draft.ts), the checks
 * (utils/validation.ts), sending (hooks/use-submit-consultation.ts) and the sections on screen
 * (consultation-sections.tsx).
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
  const form = useConsultationDraft(userId);
  const photos = usePickedPhotos();
  const records = usePhysicalRecords();
  const diseases = useDiseaseList(form.draft.diseaseGroup);
  const sendable = withoutStale(form.draft, { diseases: diseases.data?.items, records: records.data });
  const checked = toRequest(sendable);
  const send = useSubmitConsultation({
    userId,
    checked,
    photos: photos.photos.map((p) => p.file),
    onSent: form.sent,
  });
  const errors = checked.errors ?? {};
  const shown = (f: DraftField) => (send.submitted || form.touched.has(f) ? errors[f] : undefined);
  const sections = { draft: form.draft, set: form.set, touch: form.touch, shown, busy: send.busy };

  const startOver = async () => {
    if (!(await showConfirm('清空重填？', '已经填写的内容和选好的照片都会清空。', '清空'))) return;
    form.reset();
    photos.clear();
    send.reset();
  };

  return (
    <form className="case-form" onSubmit={(e) => void send.submit(e)} noValidate aria-labelledby="case-form-title">
      <h2 className="section-title" id="case-form-title">
        新建咨询
      </h2>
      {form.restored && (
        <div className="case-restored">
          <span>已恢复您上次没提交的内容，照片需要重新添加。</span>
          <button type="button" className="case-link-btn" onClick={() => void startOver()}>
            清空重填
          </button>
        </div>
      )}
      <AboutYouSection {...sections} />
      <QuestionSection {...sections} />
      <ExtrasSection recordId={sendable.physicalRecordId} set={form.set} records={records} photos={photos} busy={send.busy} />
      <ContactSection {...sections} />
      {/* Issue #27 item 15: the separate consent is the account's, asked by a sheet on the first submit. */}
      <p className="notice">
        咨询内容（症状、照片等）属于敏感个人信息，只有您和品牌顾问能看到。第一次提交时会请您单独同意，之后可以随时在“我的 →
        隐私与授权”撤回。
      </p>
      <SubmitArea
        missing={send.submitted ? Object.keys(errors).length : 0}
        sendError={send.sendError}
        busy={send.busy}
        photoCount={photos.photos.length}
      />
      {send.consentSheet}
    </form>
  );
}
