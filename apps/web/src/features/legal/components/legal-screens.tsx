/** 隐私政策 and 用户协议 (issue #27 item 18) for the route table: one chunk for both (decision 031). */
export { PrivacyScreen } from './privacy-screen.tsx';
export { TermsScreen } from './terms-screen.tsx';
