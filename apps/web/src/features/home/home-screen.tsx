import { lazy, Suspense, useState } from 'react';
import { ElderSwitch } from '../../components/elder-switch.tsx';
import { useLoginInfo } from '../../lib/login-info.ts';
import { Link } from '../../components/link.tsx';

const AccountSheet = lazy(() => import('./account-sheet.tsx'));

const SECTIONS = [
  { to: '/acupoint', char: '穴', name: '穴位查询', hint: '十四经 409 穴' },
  { to: '/physical', char: '测', name: '体质测试', hint: '九种体质自测' },
  { to: '/disease_types', char: '灸', name: '艾灸方法', hint: '按病症查方法' },
  { to: '/notice', char: '知', name: '灸前须知', hint: '安全施灸要点' },
  { to: '/product', char: '品', name: '产品中心', hint: '艾条艾灸器具' },
  { to: '/videos', char: '视', name: '视频中心', hint: '手把手教学' },
  { to: '/problems', char: '问', name: '产品问答', hint: '常见问题解答' },
  { to: '/single-order-h5/ConsultationH5', char: '询', name: '在线咨询', hint: '顾问一对一' },
];

/** `/`: the home screen linking the main sections (issue #2). */
export function HomeScreen() {
  const info = useLoginInfo();
  const [accountOpen, setAccountOpen] = useState(false);
  return (
    <div className="page home">
      {/* Issue #32 item 1: logo, name and slogan hold their lines at 320–430 px in both modes; 我的 is
          in the bottom navigation, so the header keeps only the account button. */}
      <header className="home-hero">
        <img src="/logo.svg" width="56" height="56" alt="" />
        <h1>艾灸养生</h1>
        <p>温通经络 · 安全施灸</p>
        {info.token ? (
          <button type="button" className="home-user" aria-haspopup="dialog" onClick={() => setAccountOpen(true)}>
            <span>{info.user.name}</span>
          </button>
        ) : (
          <Link className="home-user" to="/login">
            登录
          </Link>
        )}
      </header>
      {accountOpen && (
        <Suspense fallback={null}>
          <AccountSheet onClose={() => setAccountOpen(false)} />
        </Suspense>
      )}
      {/* 长辈版 (issue #18, 适老化通用设计规范): one plain switch. */}
      <ElderSwitch hint="字更大 · 按钮更大" />
      <Link to="/acupoint_search" className="home-search">
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16.5 16.5L21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>搜索穴位，如 足三里、zsl、ST36、失眠</span>
      </Link>
      <nav className="home-grid" aria-label="主要栏目">
        {SECTIONS.map((s) => (
          <Link key={s.to} to={s.to} className="home-tile">
            <span className="char-badge home-char" aria-hidden="true">
              {s.char}
            </span>
            <span className="home-name">{s.name}</span>
            <span className="home-hint">{s.hint}</span>
          </Link>
        ))}
      </nav>
      <section className="card home-tip">
        <h2>施灸小提醒</h2>
        <p className="muted small">
          饭后一小时内、空腹、醉酒或过度疲劳时不宜施灸；孕妇的腹部和腰骶部不可施灸；皮肤感觉迟钝的人和糖尿病患者要特别防止烫伤。身体不适持续或加重，请及时就医。
        </p>
      </section>
    </div>
  );
}
