import { Link } from './link.tsx';

/** The four tabs (issue #32 item 8, the usual bottom menu of a 公众号 H5); icons are CSS masks (styles/global.css). */
const TABS = [
  ['/', '首页'],
  ['/acupoint', '穴位'],
  ['/disease_types', '艾灸方法'],
  ['/mine', '我的'],
] as const;

/**
 * Top-level screens that show the bar: the tabs and the sections home opens. Detail and form screens
 * do not (they have their back, and their own bottom bars). Kept here rather than in the route table.
 */
const SCREENS = new Set(['/', '/acupoint', '/disease_types', '/mine', '/product', '/videos', '/notice', '/problems', '/physical']);

/**
 * Bottom navigation, fixed at the foot of top-level screens in both modes. It comes before the
 * screen in the document, so CSS (`.tab-bar ~ .page`) keeps the screen's end clear of it.
 */
export function TabBar({ pathname }: { pathname: string }) {
  if (!SCREENS.has(pathname)) return null;
  return (
    <nav className="tab-bar" aria-label="主导航">
      {TABS.map(([to, label], i) => (
        <Link key={to} to={to} className={`tab-item tab-${i}`} aria-current={to === pathname ? 'page' : undefined}>
          {label}
        </Link>
      ))}
    </nav>
  );
}
