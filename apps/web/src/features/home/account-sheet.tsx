import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Popup from 'antd-mobile/es/components/popup';
import type { Me } from '@moxa/core/login/login-contract';
import { hasRole } from '@moxa/core/login/roles';
import type { WechatConfig } from '@moxa/core/login/wechat-contract';
import { LogoutButton } from '../../components/logout-button.tsx';
import { WithQuery } from '../../components/with-query.tsx';
import { apiFetch } from '../../lib/api-client.ts';
import { SmsStepUp } from '../../components/sms-step-up.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { showToast } from '../../lib/feedback.ts';
import { useLoginInfo } from '../../lib/login-info.ts';
import { startWechat, unbindWechat } from '../../lib/wechat-client.ts';
import { Link } from '../../components/link.tsx';

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
  const wechat = useQuery({
    queryKey: ['wechat-config'],
    queryFn: () => apiFetch<WechatConfig>('/api/v8/wechat/config'),
  });
  const [unbinding, setUnbinding] = useState(false);
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
        <Link to="/single-order-h5/ConsultationH5" onClick={close}>
          我的咨询
        </Link>
        {me.data && hasRole(me.data.roles, ['advisor']) && (
          <Link to="/advisor" onClick={close}>
            咨询队列（顾问）
          </Link>
        )}
      </nav>
      {wechat.data?.enabled && me.data && (
        <section className="account-wechat" aria-label="微信绑定">
          {me.data.wechatBound ? (
            unbinding ? (
              <>
                <h3>解除微信绑定</h3>
                <p className="muted small">解除后不能再用这个微信直接登录，本账号在其他手机上的登录也会失效。</p>
                <SmsStepUp
                  purpose="wechat"
                  confirmText="确认解除绑定"
                  onConfirm={async (code) => {
                    await unbindWechat(code);
                    setUnbinding(false);
                    void me.refetch();
                    void showToast('已解除微信绑定', 'success');
                  }}
                />
              </>
            ) : (
              <div className="account-wechat-row">
                <span>已绑定微信，可用微信直接登录</span>
                <button type="button" className="btn" onClick={() => setUnbinding(true)}>
                  解除绑定
                </button>
              </div>
            )
          ) : (
            <div className="account-wechat-row">
              <span>绑定微信后，可用微信直接登录</span>
              <button
                type="button"
                className="btn"
                onClick={() => void startWechat('/', 'bind').catch((e: unknown) => void showToast(errorMessage(e), 'fail'))}
              >
                绑定微信
              </button>
            </div>
          )}
        </section>
      )}
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
