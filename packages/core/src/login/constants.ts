/** Spec §9 business constants. */
export const LOGIN_INFO_KEY = 'keyLoginInfo';
export const RESEND_SECONDS = 60;
export const VERSION_CODE = 75;
export const SOURCE_FROM = 3;
export const DEFAULT_COUNTRY_CODE = '86';
export const QUICK_COUNTRY_CODES = ['86', '852', '853', '886', '65'] as const;
export const SALT_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const SALT_MIN = 8;
export const SALT_MAX = 12;
/** Design §4: a signed request may be at most this far from the server clock. */
export const SIGN_WINDOW_MS = 5 * 60 * 1000;

/** Spec §8 messages. */
export const MSG_BAD_PHONE = '请输入正确的手机号';
export const MSG_BAD_CODE = '请输入正确的验证码';
export const MSG_LOGIN_OK = '登录成功';
export const MSG_LOGIN_FIRST = '请先登录';
