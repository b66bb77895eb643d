import { useLocation } from 'react-router';
import { PrivacyScreen } from '../../features/legal/components/privacy-screen.tsx';
import { TermsScreen } from '../../features/legal/components/terms-screen.tsx';

/** /privacy 隐私政策 and /terms 用户协议 (issue #27 item 18) share one chunk. */
export function Component() {
  return useLocation().pathname.startsWith('/terms') ? <TermsScreen /> : <PrivacyScreen />;
}
