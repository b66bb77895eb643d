import { Link } from './link.tsx';

/**
 * The four tabs (issue #32 item 8, the usual bottom menu of a 公众号 H5), each with its line icon
 * (24-unit box; stroke from `.tab-icon` in styles/global.css): home, acupoint, flame, person.
 */
const TABS = [
  ['/', '首页', 'M4 10.5L12 4l8 6.5V20h-5.5v-5.5h-5V20H4z'],
  ['/acupoint', '穴位', 'M12 4a8 8 0 1 0 0 16a8 8 0 1 0 0-16M12 9.5a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5'],
  ['/disease_types', '艾灸方法', 'M12 3c1 3.5 5 5.5 5 10a5 5 0 0 1-10 0c0-2.5 1.5-4 2.5-5 .3 2 1.2 3 2.5 3.5C11 9 11.5 6 12 3z'],
  ['/mine', '我的', 'M12 4a4 4 0 1 0 0 8a4 4 0 1 0 0-8M4.5 20.5c.5-4 3.6-6.5 7.5-6.5s7 2.5 7.5 6.5'],
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
      {TABS.map(([to, label, icon]) => (
        <Link key={to} to={to} className="tab-item" aria-current={to === pathname ? 'page' : undefined}>
          <svg className="tab-icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d={icon} />
          </svg>
          {label}
        </Link>
      ))}
    </nav>
  );
}
