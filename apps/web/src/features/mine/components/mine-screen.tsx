import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Me } from '@moxa/core/login/login-contract';
import { LinkList } from '../../../components/content-list.tsx';
import { ElderSwitch } from '../../../components/elder-switch.tsx';
import { LogoutButton } from '../../../components/logout-button.tsx';
import { BrandFooter } from '../../../components/brand-footer.tsx';
import { Page } from '../../../components/page.tsx';
import { apiFetch } from '../../../lib/api-client.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import { useSavedList } from '../../../lib/saved-items.ts';
import { syncStoredName } from '../api/update-nickname.ts';
import { RowIcon } from './row-icon.tsx';
import { ReminderRows } from '../../../components/reminder-rows.tsx';
import { Link } from '../../../components/link.tsx';
import '../mine.css';

const count = (n: number | undefined) => (n ? `${n} 条` : undefined);

/** `/mine` 我的 (issue #18): who is logged in, the user's lists and records, 长辈版, about and privacy. */
export function MineScreen() {
  const info = useLoginInfo();
  const loggedIn = Boolean(info.token);
  const me = useQuery({ queryKey: ['me', info.user.id], queryFn: () => apiFetch<Me>('/api/v8/me'), enabled: loggedIn });
  const favorites = useSavedList('favorites');
  const history = useSavedList('history');
  // Issue #27 item 13: a name changed elsewhere (another phone, migration 016) reaches this phone's login info.
  useEffect(() => {
    if (me.data) syncStoredName(me.data.name);
  }, [me.data]);
  return (
    <Page title="我的">
      <section className="card mine-account" aria-label="登录状态">
        <span className="char-badge mine-avatar" aria-hidden="true">
          {loggedIn ? ([...info.user.name][0] ?? '我') : '客'}
        </span>
        {loggedIn ? (
          <>
            <div className="mine-who">
              <h2>{info.user.name}</h2>
              <p className="muted">{me.data ? `手机号 ${me.data.mobile}` : me.isError ? '手机号暂时无法显示' : '正在读取…'}</p>
            </div>
            {/* Issue #27 item 13: the 昵称 is the user's to choose. */}
            <Link to="/mine/nickname" className="btn mine-login">
              改昵称
            </Link>
          </>
        ) : (
          <>
            <div className="mine-who">
              <h2>未登录</h2>
              <p className="muted small">登录后收藏和浏览记录存到账号，换手机也能看到</p>
            </div>
            <Link to="/login" state={{ from: '/mine' }} className="btn btn-primary mine-login">
              登录
            </Link>
          </>
        )}
      </section>

      <LinkList
        label="我的内容"
        rows={[
          { to: '/mine/favorites', title: '我的收藏', icon: <RowIcon name="star" />, extra: count(favorites.data?.length) },
          { to: '/mine/history', title: '浏览记录', icon: <RowIcon name="clock" />, extra: count(history.data?.length) },
          { to: '/moxa_log', title: '我的艾灸记录', icon: <RowIcon name="flame" /> },
          { to: '/physical/record', title: '我的测试记录', icon: <RowIcon name="chart" /> },
          { to: '/single-order-h5/ConsultationH5', title: '我的咨询', icon: <RowIcon name="chat" /> },
        ]}
      />

      {loggedIn && <ReminderRows />}

      {/* Issue #27 item 15: the separate consents to keep health data, withdrawn here. */}
      {loggedIn && (
        <LinkList
          label="隐私"
          rows={[
            { to: '/mine/consents', title: '隐私与授权', subtitle: '保存健康信息的授权，可随时撤回', icon: <RowIcon name="shield" /> },
          ]}
        />
      )}

      {/* Issue #27 items 16, 18: a copy of everything kept for the account; the policy and the terms. */}
      <LinkList
        label="我的数据与协议"
        rows={[
          ...(loggedIn
            ? [{ to: '/mine/data', title: '我的数据', subtitle: '下载账号保存的全部信息', icon: <RowIcon name="download" /> }]
            : []),
          { to: '/privacy', title: '隐私政策', subtitle: '收集什么、保存多久、您的权利', icon: <RowIcon name="doc" /> },
          { to: '/terms', title: '用户协议', icon: <RowIcon name="doc" /> },
        ]}
      />

      <LinkList
        label="帮助"
        rows={[
          { to: '/glossary', title: '术语解释', subtitle: '寸、壮、阴虚是什么意思', icon: <RowIcon name="book" /> },
          // Issue #30: 关于我们 is its own page, from the brand settings.
          { to: '/about', title: '关于我们', subtitle: '公司、联系方式、备案号', icon: <RowIcon name="doc" /> },
        ]}
      />

      <ElderSwitch hint="字更大、按钮更大，看得更清楚" />

      <details className="card mine-about">
        <summary>隐私说明</summary>
        <p>
          这里是简要说明，完整内容请看<Link to="/privacy">《隐私政策》</Link>。
        </p>
        <p>
          <strong>没登录时</strong>
          ：收藏、浏览记录、艾灸记录、体质测试结果和长辈版开关只保存在这台手机的浏览器里，不会上传。清除浏览器数据就会删除。
        </p>
        <p>
          <strong>登录后</strong>
          ：这台手机上的收藏和浏览记录会并入您的账号并从手机上移除；之后的收藏、浏览记录、艾灸记录、测试记录和咨询保存在服务器上，只有您本人能看到（咨询还有品牌顾问），换手机登录也能看到。测试记录、艾灸记录和咨询属于健康信息，第一次保存前会请您单独同意，可以随时在“隐私与授权”撤回。
        </p>
        <p>
          <strong>删除</strong>
          ：收藏可以逐条取消，浏览记录可以逐条删除或一键清空，删除后服务器上的记录同时删除。退出登录会清除这台手机上的账号数据。登录后，本页最下方可以“注销账号”：账号和它的全部记录（测试、艾灸、咨询和照片、收藏、浏览记录）立即永久删除，无法恢复。
        </p>
      </details>

      {loggedIn && (
        <div className="mine-logout">
          <LogoutButton className="btn btn-block btn-danger" />
          <Link to="/mine/delete_account" className="mine-delete-link">
            注销账号
          </Link>
        </div>
      )}
      <BrandFooter />
    </Page>
  );
}
