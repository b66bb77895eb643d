import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Me } from '@moxa/core/login/login-contract';
import { LinkList } from '../../../components/content-list.tsx';
import { LogoutButton } from '../../../components/logout-button.tsx';
import { Page } from '../../../components/page.tsx';
import { apiFetch } from '../../../lib/api-client.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import { useSavedList } from '../../../lib/saved-items.ts';
import { useWhenIdle } from '../../../lib/use-when-idle.ts';
import { RowIcon } from './row-icon.tsx';
import '../mine.css';

const ElderSwitch = lazy(() => import('./elder-switch.tsx'));

const count = (n: number | undefined) => (n ? `${n} 条` : undefined);

/** `/mine` 我的 (issue #18): who is logged in, the user's lists and records, 长辈版, about and privacy. */
export function MineScreen() {
  const info = useLoginInfo();
  const loggedIn = Boolean(info.token);
  const me = useQuery({ queryKey: ['me', info.user.id], queryFn: () => apiFetch<Me>('/api/v8/me'), enabled: loggedIn });
  const favorites = useSavedList('favorites');
  const history = useSavedList('history');
  const idle = useWhenIdle();
  return (
    <Page title="我的">
      <section className="card mine-account" aria-label="登录状态">
        <span className="char-badge mine-avatar" aria-hidden="true">
          {loggedIn ? ([...info.user.name][0] ?? '我') : '客'}
        </span>
        {loggedIn ? (
          <div className="mine-who">
            <h2>{info.user.name}</h2>
            <p className="muted">{me.data ? `手机号 ${me.data.mobile}` : me.isError ? '手机号暂时无法显示' : '正在读取…'}</p>
          </div>
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

      <section className="card mine-elder">
        <div className="mine-elder-text">
          <span className="mine-elder-label">长辈版</span>
          <span className="muted small">字更大、按钮更大，看得更清楚</span>
        </div>
        {idle ? (
          <Suspense fallback={<span className="mine-switch-space" />}>
            <ElderSwitch />
          </Suspense>
        ) : (
          <span className="mine-switch-space" />
        )}
      </section>

      <details className="card mine-about">
        <summary>关于我们</summary>
        <p>“艾灸养生”是一个讲艾灸的手机网页：查穴位、看艾灸方法和灸前须知、做体质自测、看教学视频，也可以向顾问咨询艾灸调理和产品使用。</p>
        <p>
          这里的内容用于日常保健参考，<strong>不是医疗诊断，也不能代替就医</strong>。身体不适持续或加重、孕期或有慢性病，请先咨询医生。
        </p>
      </details>

      <details className="card mine-about">
        <summary>隐私说明</summary>
        <p>
          <strong>没登录时</strong>
          ：收藏、浏览记录、艾灸记录、体质测试结果和长辈版开关只保存在这台手机的浏览器里，不会上传。清除浏览器数据就会删除。
        </p>
        <p>
          <strong>登录后</strong>
          ：这台手机上的收藏和浏览记录会并入您的账号并从手机上移除；之后的收藏、浏览记录、艾灸记录、测试记录和咨询保存在服务器上，只有您本人能看到，换手机登录也能看到。
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
    </Page>
  );
}
