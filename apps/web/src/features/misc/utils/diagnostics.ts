/**
 * What /test shows support staff (issue #17): facts about this phone and this app, as label/value
 * rows and as one text to paste into a chat. Never the login token or the number itself.
 */
export type DiagnosticRow = [label: string, value: string];

export type Facts = {
  version: string;
  buildTime: string;
  serviceWorker: string;
  api: string;
  loggedIn: boolean;
  online: boolean;
  screen: string;
  dpr: number;
  userAgent: string;
};

/**
 * The 服务连接 row: whether the service answers and how fast, never what it runs on (issue #27
 * item 19). `error` is the Chinese message of a failed check.
 */
export function serviceState(check: { pending: boolean; error?: string; status?: string; ms?: number }): string {
  if (check.pending) return '检查中…';
  if (check.error !== undefined) return `异常：${check.error}`;
  return check.status === 'ok' ? `正常（响应 ${check.ms} 毫秒）` : '异常：服务暂时不可用，请稍后再试';
}

export const isWechat = (ua: string) => /MicroMessenger/i.test(ua);

export function diagnosticRows(f: Facts): DiagnosticRow[] {
  return [
    ['应用版本', f.version],
    ['构建时间', f.buildTime],
    ['离线缓存', f.serviceWorker],
    ['服务连接', f.api],
    ['登录信息', f.loggedIn ? '本机已保存（不显示令牌）' : '未登录'],
    ['网络', f.online ? '在线' : '离线'],
    ['屏幕', f.screen],
    ['像素比', String(f.dpr)],
    ['微信内', isWechat(f.userAgent) ? '是' : '否'],
    ['浏览器标识', f.userAgent],
  ];
}

export const diagnosticText = (rows: readonly DiagnosticRow[], at: Date) =>
  [`艾灸养生 诊断信息（${at.toLocaleString('zh-CN', { hour12: false })}）`, ...rows.map(([k, v]) => `${k}：${v}`)].join('\n');

/** Keys of this app on the device: everything in this origin's localStorage and sessionStorage is ours. */
export function clearLocalData(storages: Pick<Storage, 'clear'>[]): void {
  for (const s of storages) s.clear();
}
