import type { CaseStatus } from '@moxa/core/cases/case-contract';
import { CASE_STATUS_NAMES } from '@moxa/core/cases/case-names';

/** Small pieces both consultation screens use (issue #17). */

export const CASE_STATUSES: readonly CaseStatus[] = ['submitted', 'processing', 'replied', 'closed'];

export function StatusTag({ status, large = false }: { status: CaseStatus; large?: boolean }) {
  return <span className={`case-status case-status-${status}${large ? ' case-status-large' : ''}`}>{CASE_STATUS_NAMES[status]}</span>;
}

/** The prominent "see a doctor" notice for red-flag symptoms (RED_FLAG_TERMS). */
export function RedFlagNotice({ children }: { children?: string }) {
  return (
    <div className="case-redflag" role="alert">
      <strong>请及时就医</strong>
      <p>
        {children ??
          '您描述的情况（如胸痛、呼吸困难、出血、突然无力等）可能需要医生当面检查，请尽快到医院就诊；情况紧急请立即拨打 120。艾灸和顾问的建议不能代替就医。'}
      </p>
    </div>
  );
}

/** The footer of both screens: advice is not diagnosis, and when to see a doctor. */
export const CASE_DISCLAIMER =
  '顾问的建议仅供艾灸调理和产品使用参考，不是医疗诊断，不能代替医生诊疗；症状明显、持续加重，或出现胸痛、呼吸困难、出血、高烧等情况，请及时就医。';
