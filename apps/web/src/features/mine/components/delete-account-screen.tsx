import { useState } from 'react';
import { Page } from '../../../components/page.tsx';
import { SmsStepUp } from '../../../components/sms-step-up.tsx';
import { deleteAccount } from '../../../lib/account.ts';
import { showConfirm, showToast } from '../../../lib/feedback.ts';
import { navigate } from '../../../lib/navigation.ts';
import { Link } from '../../../components/link.tsx';
import '../mine.css';

/** What goes with the account: every table that cascades from it on the server (user-repository.ts). */
const DELETED = [
  '账号本身，以及所有手机和电脑上的登录',
  '体质测试记录',
  '艾灸记录',
  '收藏和浏览记录',
  '咨询记录，以及上传的照片',
  '微信绑定',
];

/**
 * `/mine/delete_account` 注销账号 (《个人信息保护法》 §47): says what is deleted, asks the user to tick
 * that they understand, proves the phone with a fresh code and asks once more; then everything is
 * deleted on the server and on this phone, and the user lands on home.
 */
export function DeleteAccountScreen() {
  const [understood, setUnderstood] = useState(false);
  const onConfirm = async (code: string) => {
    if (!(await showConfirm('确定注销账号？', '账号和它的全部记录会立即永久删除，无法恢复。', '注销'))) return;
    await deleteAccount(code);
    navigate('/', { replace: true });
    void showToast('账号已注销，数据已全部删除', 'success');
  };
  return (
    <Page title="注销账号">
      <section className="card mine-delete" aria-labelledby="mine-delete-what">
        <h2 id="mine-delete-what">注销后，下面这些会立即永久删除</h2>
        <ul>
          {DELETED.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
        <p>删除后无法恢复。以后用同一个手机号登录，会是一个新的空账号。</p>
        <p className="muted">
          只是不想在这台手机上保持登录？请回到<Link to="/mine">我的</Link>，点“退出登录”，账号和记录都会保留。
        </p>
      </section>
      <section className="card" aria-label="验证并注销">
        <label className="check-row">
          <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
          <span>我已了解，注销后无法恢复</span>
        </label>
        <SmsStepUp
          purpose="delete-account"
          confirmText="注销账号"
          danger
          precheck={() => (understood ? null : '请先勾选“我已了解，注销后无法恢复”')}
          onConfirm={onConfirm}
        />
      </section>
    </Page>
  );
}
