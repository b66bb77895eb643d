/**
 * Issue #29: the console previews a draft in this H5, framed at `?preview=<token>`. The token is kept
 * for the tab (sessionStorage: in-app navigations drop the query) and sent on every API call, whose
 * answers then come from the draft and are never stored (decision 039).
 */
let token: string | null = null;
try {
  token = new URLSearchParams(location.search).get('preview');
  if (token) sessionStorage.setItem('moxa-preview', token);
  else token = sessionStorage.getItem('moxa-preview');
} catch {
  // No storage (private mode): the query alone.
}
export const previewToken = token;
