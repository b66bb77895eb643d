import type { ConsultationRequest } from '@moxa/core/cases/case-contract';

const BOUNDARY = '----moxa-test-boundary-7f3a';

/** A multipart/form-data body, as a browser's FormData sends it (tests of POST /api/v8/consultations). */
export function multipartBody(
  fields: Record<string, string>,
  files: { name: string; filename: string; bytes: Buffer; type?: string }[],
): { payload: Buffer; headers: Record<string, string> } {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** A complete, valid consultation request (the consent is the ledger's: test/consent-helpers.ts). */
export function consultationRequest(
  symptoms = '最近膝盖怕冷，上下楼梯酸痛',
  extra: Partial<ConsultationRequest> = {},
): ConsultationRequest {
  return {
    gender: 'female',
    age: 56,
    disease: 'knee-pain',
    complaint: '膝盖怕冷酸痛想艾灸调理',
    symptoms,
    duration: 'month',
    seenDoctor: false,
    physicalRecordId: null,
    contactTime: 'evening',
    notifySms: true,
    ...extra,
  };
}
