import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Popup from 'antd-mobile/es/components/popup';
import { LogoutButton } from '../../components/logout-button.tsx';
import { WithQuery } from '../../components/with-query.tsx';
import { apiFetch } from '../../lib/api-client.ts';
import { useLoginInfo } from '../../lib/login-info.ts';

type Me = { id: string; name: string; mobile: string };

/**
 * 我的 (issue #13 item 6): the logged-in user's sheet from the home header — who is logged in (the
 * number masked by the server), their records, and 退出登录 / 退出所有设备. Loaded on first tap.
 */
export default function AccountSheet({ onClose }: { onClose: () => void }) {
  return (
    <WithQuery>
      <Sheet onClose={onClose} />
    </WithQuery>
  );
}

function Sheet({ onClose }: { onClose: () => void }) {
  const [visible, setVisible] = useState(true);
  const info = useLoginInfo();
  const me = useQuery({ queryKey: ['me', info.user.id], queryFn: () => apiFetch<Me>('/api/v8/me') });
  const close = () => setVisible(false);
  return (
    <Popup visible={visible} onMaskClick={close} afterClose={onClose} bodyClassName="account-sheet" destroyOnClose>
      <div className="account-head">
        <span className="char-badge account-avatar" aria-hidden="true">
          {[...info.user.name][0] ?? '我'}
        </span>
        <div>
          <h2>{info.user.name}</h2>
          <p className="muted small">{me.data ? `手机号 ${me.data.mobile}` : me.isError ? '手机号暂时无法显示' : '正在读取…'}</p>
        </div>
      </div>
      <nav className="account-links" aria-label="我的">
        <Link to="/physical/record" onClick={close}>
          我的测试记录
        </Link>
        <Link to="/physical" onClick={close}>
          体质测试
        </Link>
      </nav>
      <div className="account-actions">
        <LogoutButton className="btn btn-block btn-danger" />
        <LogoutButton scope="everywhere" className="btn btn-block" />
        <button type="button" className="btn btn-block btn-plain" onClick={close}>
          关闭
        </button>
      </div>
    </Popup>
  );
}
