import { useState } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { showConfirm, showToast } from '../lib/feedback.ts';
import { logout } from '../lib/logout.ts';
import { navigate } from '../lib/navigation.ts';

const TEXT = {
  device: {
    label: '退出登录',
    title: '退出登录？',
    body: '退出后，这台手机上保存的您的体质测试草稿和结果也会一并清除；已保存到账号的记录不受影响。',
  },
  everywhere: {
    label: '退出所有设备',
    title: '退出所有设备？',
    body: '您在所有手机和电脑上的登录都会失效，需要重新用验证码登录。如果怀疑账号被他人使用，请这样做。',
  },
} as const;

/**
 * 退出登录 / 退出所有设备 (issue #13 item 6), after a confirmation that says what goes. Lands on the
 * home screen; a failed logout-all keeps the user logged in and says why.
 */
export function LogoutButton({ scope = 'device', className = 'btn btn-block' }: { scope?: 'device' | 'everywhere'; className?: string }) {
  const [busy, setBusy] = useState(false);
  const text = TEXT[scope];
  const onClick = async () => {
    if (busy || !(await showConfirm(text.title, text.body, text.label))) return;
    setBusy(true);
    try {
      await logout(scope);
      navigate('/', { replace: true });
      void showToast(scope === 'everywhere' ? '已退出所有设备' : '已退出登录', 'success');
    } catch (e) {
      void showToast(`没有退出成功：${errorMessage(e)}`, 'fail');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className={className} disabled={busy} onClick={() => void onClick()}>
      {busy ? '正在退出…' : text.label}
    </button>
  );
}
