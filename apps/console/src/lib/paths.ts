/** Paths of the console API (packages/core/src/console/console-contract.ts), in one place. */
export const CONSOLE_API = '/api/v8/console';

const seg = (s: string | number) => encodeURIComponent(String(s));

export const apiPath = {
  me: () => `${CONSOLE_API}/me`,
  kinds: () => `${CONSOLE_API}/kinds`,
  items: (kind: string) => `${CONSOLE_API}/kinds/${seg(kind)}/items`,
  item: (kind: string, id: string) => `${CONSOLE_API}/kinds/${seg(kind)}/items/${seg(id)}`,
  versions: (kind: string, id: string) => `${CONSOLE_API}/kinds/${seg(kind)}/items/${seg(id)}/versions`,
  version: (kind: string, id: string, version: number) => `${CONSOLE_API}/kinds/${seg(kind)}/items/${seg(id)}/versions/${seg(version)}`,
  rollback: (kind: string, id: string, version: number) =>
    `${CONSOLE_API}/kinds/${seg(kind)}/items/${seg(id)}/versions/${seg(version)}/rollback`,
  revisions: () => `${CONSOLE_API}/revisions`,
  revision: (id: string) => `${CONSOLE_API}/revisions/${seg(id)}`,
  revisionAction: (id: string, action: 'submit' | 'approve' | 'reject' | 'preview' | 'withdraw') =>
    `${CONSOLE_API}/revisions/${seg(id)}/${action}`,
  check: () => `${CONSOLE_API}/check`,
  audit: () => `${CONSOLE_API}/audit`,
  auditCsv: () => `${CONSOLE_API}/audit.csv`,
  staff: () => `${CONSOLE_API}/staff`,
  staffRoles: (id: string) => `${CONSOLE_API}/staff/${seg(id)}/roles`,
  // Issue #33 item 5: real users' page speed (an admin route of the vitals resource, not under /console).
  vitals: () => '/api/v8/admin/vitals',
};
