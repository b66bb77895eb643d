import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DISPLAY_NAME_MAX, DISPLAY_NAME_MIN, displayNameProblem, normalizeDisplayName } from '@moxa/core/login/display-name';
import { Page } from '../../../components/page.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import { navigate } from '../../../lib/navigation.ts';
import { updateNickname } from '../api/update-nickname.ts';
import '../mine.css';

/**
 * `/mine/nickname` 修改昵称 (issue #27 item 13): the name shown in 我的 and to advisors. Checked here
 * with the server's rules (2–12 characters, no 4 digits in a row); a refused name keeps what was typed.
 */
export function NicknameScreen() {
  const info = useLoginInfo();
  const queryClient = useQueryClient();
  const [name, setName] = useState(info.user.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const next = normalizeDisplayName(name);
    const problem = displayNameProblem(next);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      await updateNickname(next);
      await queryClient.invalidateQueries({ queryKey: ['me'] });
      void showToast('昵称已修改', 'success');
      navigate('/mine', { replace: true });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page title="修改昵称">
      <form
        className="card mine-nickname"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label htmlFor="mine-nickname-input">新昵称</label>
        <input
          id="mine-nickname-input"
          className="mine-nickname-input"
          value={name}
          maxLength={DISPLAY_NAME_MAX + 8}
          autoComplete="nickname"
          aria-invalid={error !== null}
          aria-describedby="mine-nickname-hint"
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
        />
        <p id="mine-nickname-hint" className="muted">
          {DISPLAY_NAME_MIN}到{DISPLAY_NAME_MAX}个字，可以用汉字、字母和数字。不要用手机号，咨询时顾问会看到这个名字。
        </p>
        {error && (
          <p className="step-up-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? '正在保存…' : '保存'}
        </button>
      </form>
    </Page>
  );
}
