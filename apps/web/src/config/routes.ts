import { PUBLIC_KINDS, type PublicKindRow } from '@moxa/core/content/public-kinds';
import type { Role } from '@moxa/core/login/roles';

/**
 * A route's screen (decision 031): `<feature>/<module>`, the screen module
 * `src/features/<feature>/components/<module>.tsx` (or `src/features/<feature>/<module>.tsx`), named
 * `*-screen.tsx`, or `*-screens.tsx` when it holds several. The build gives each module a route names
 * its own chunk, loaded on first visit (build/screens.ts), and fails when one is not there. The
 * component shown is the one the module exports under its file name in PascalCase
 * (`acupoints/acupoint-home-screen` → `AcupointHomeScreen`), or the one named after `#`.
 */
export type ScreenRef = `${string}/${string}-screen` | `${string}/${string}-screen${'' | 's'}#${string}`;

/**
 * Spec §2 route table with Chinese titles (issue #2): one row per route, the only place a screen is
 * registered (decision 031). No `title` means "not shown" in the spec: the screen sets its loaded
 * item's name, else the app name. `guard` screens run the login check; `roles` screens also need
 * one of the roles (issue #14 §6), and imply `guard`. A route with `children` is a layout: its
 * screen renders the matched child in an <Outlet/>, and its guard and roles hold for every child.
 */
export type RouteDef = {
  path: string;
  title?: string;
  screen: ScreenRef;
  guard?: boolean;
  roles?: readonly Role[];
  /**
   * `false`: the screen fetches nothing through TanStack Query, so its chunk, and an entry page
   * showing it, stays free of the library (issue #6). The others get the query provider with them.
   */
  query?: false;
  /**
   * The URL the accessibility and 长辈版 sweeps open for this route (e2e/lib/route-samples.ts) when the
   * path itself is not one: it has parameters, or the screen shows more with a query. `{caseId}` and
   * `{localKey}` are filled by the sweeps' fixtures. Only tests read it: the build leaves it out of
   * the app (build/screens.ts), and config/routes.test.ts checks that it opens this route.
   */
  sample?: string;
  children?: RouteDef[];
};

/**
 * The public reads a feature's screens make first, by the screen's component name, from the route's
 * params: started while the chunk loads (issue #6). A feature that has some exports them as
 * `ROUTE_DATA` from its `api/paths.ts`; the build gathers them (build/screens.ts).
 */
export type RouteData = Readonly<Record<string, (params: Readonly<Record<string, string | undefined>>) => string[]>>;

/**
 * The list and detail rows of each simple kind (issue #28 item 4, `npm run new:kind`), from its row in
 * PUBLIC_KINDS, shown by the generic screens of features/kinds. The build writes their result in place
 * of the call (build/screens.ts), so the entry does not carry the kinds table.
 */
export function simpleKindRows(): RouteDef[] {
  return Object.values<PublicKindRow>(PUBLIC_KINDS).flatMap(({ detailPath, screens: s }): RouteDef[] =>
    s
      ? [
          { path: s.listPath, title: s.title, screen: 'kinds/simple-kind-screens#SimpleKindListScreen' },
          { path: `${detailPath}:id`, screen: 'kinds/simple-kind-screens#SimpleKindDetailScreen', sample: `${detailPath}${s.sample}` },
        ]
      : [],
  );
}

export const ROUTES: RouteDef[] = [
  { path: '/', title: '艾灸养生', screen: 'home/home-screen', query: false },
  { path: '/acupoint', title: '穴位查询', screen: 'acupoints/acupoint-home-screen' },
  { path: '/acupoint_detail/:id', screen: 'acupoints/acupoint-detail-screen', sample: '/acupoint_detail/ST36' },
  { path: '/meridian_detail/:id', screen: 'acupoints/meridian-detail-screen', sample: '/meridian_detail/ST' },
  { path: '/acupoint_search', title: '穴位搜索', screen: 'acupoints/acupoint-search-screen' },
  { path: '/product', title: '产品中心', screen: 'products/product-screens#ProductHomeScreen' },
  { path: '/more_product/:type', screen: 'products/product-screens#ProductListScreen', sample: '/more_product/moxa-box' },
  { path: '/product_detail/:id', screen: 'products/product-detail-screen', sample: '/product_detail/portable-moxa-box' },
  { path: '/product_marketing/:id', screen: 'products/marketing-screen', sample: '/product_marketing/portable-moxa-box' },
  { path: '/videos', title: '视频中心', screen: 'videos/video-screens#VideoCenterScreen' },
  { path: '/brand/videos', title: '了解品牌', screen: 'videos/video-screens#VideoHomeScreen' },
  { path: '/health/videos', title: '健康小知识', screen: 'videos/video-screens#VideoHomeScreen' },
  { path: '/video_detail/:id', screen: 'videos/video-detail-screen', sample: '/video_detail/find-zusanli' },
  { path: '/login', title: '登录', screen: 'login/login-screen', query: false },
  { path: '/disease_types', title: '艾灸方法', screen: 'diseases/disease-types-screen' },
  { path: '/disease_list/:uuid', screen: 'diseases/disease-list-screen', sample: '/disease_list/343f9fdf-d805-450e-a7a3-437e8a71f51d' },
  { path: '/disease_detail/:id', screen: 'diseases/disease-detail-screen', sample: '/disease_detail/insomnia' },
  { path: '/notice', title: '灸前须知', screen: 'notices/notice-screens#NoticeHomeScreen' },
  { path: '/notice_list/:type', screen: 'notices/notice-screens#NoticeListScreen', sample: '/notice_list/prepare' },
  { path: '/notice_detail/:id', title: '详情', screen: 'notices/notice-screens#NoticeDetailScreen', sample: '/notice_detail/mild-moxa' },
  { path: '/problems', title: '产品问答', screen: 'problems/problem-screens#ProblemsScreen' },
  {
    path: '/problem_detail/:id',
    title: '详情',
    screen: 'problems/problem-screens#ProblemDetailScreen',
    sample: '/problem_detail/beginner-kit',
  },
  { path: '/search/:type', screen: 'search/search-screen', sample: '/search/all?q=艾灸' },
  { path: '/physical', title: '体质测试', screen: 'physical/physical-home-screen', query: false },
  { path: '/physical_question', title: '体质测试', screen: 'physical/question-screen' },
  { path: '/physical/record', title: '测试记录', screen: 'physical/record-screen', guard: true },
  { path: '/physical/detail', title: '体质测试', screen: 'physical/detail-screen' },
  {
    path: '/physical/computing_method',
    title: '转化分计算方法',
    screen: 'physical/computing-screen',
    sample: '/physical/computing_method?local={localKey}',
  },
  {
    path: '/physical/conditioning_cheme',
    title: '调理方案',
    screen: 'physical/scheme-screen',
    sample: '/physical/conditioning_cheme?type=yangxu',
  },
  { path: '/case/caseDetails/:caseId', screen: 'cases/case-detail-screen', guard: true, sample: '/case/caseDetails/{caseId}' },
  { path: '/single-order-h5/ConsultationH5', title: '在线咨询', screen: 'cases/consultation-screen', guard: true },
  // Issue #17: the advisors' screens (role advisor; the server checks every call again).
  { path: '/advisor', title: '咨询队列', screen: 'advisor/advisor-queue-screen', roles: ['advisor'] },
  {
    path: '/advisor/case/:caseId',
    title: '咨询处理',
    screen: 'advisor/advisor-case-screen',
    roles: ['advisor'],
    sample: '/advisor/case/{caseId}',
  },
  // Issue #18: guided sessions and their log (logged out on the device, logged in on the account).
  { path: '/moxa_session', title: '跟着灸', screen: 'moxa/session-screen', sample: '/moxa_session?disease=insomnia' },
  { path: '/moxa_log', title: '我的艾灸记录', screen: 'moxa/log-screen' },
  { path: '/authorize', screen: 'login/authorize-screen' },
  { path: '/test', title: '测试页', screen: 'misc/test-screen' },
  // Issue #18: 我的 with favourites and history (kept on the phone while logged out).
  { path: '/mine', title: '我的', screen: 'mine/mine-screens#MineScreen' },
  { path: '/mine/favorites', title: '我的收藏', screen: 'mine/mine-screens#FavoritesScreen' },
  { path: '/mine/history', title: '浏览记录', screen: 'mine/mine-screens#HistoryScreen' },
  // 注销账号 (《个人信息保护法》 §47): the account and all its data, after a fresh SMS code.
  { path: '/mine/delete_account', title: '注销账号', screen: 'mine/mine-screens#DeleteAccountScreen', guard: true },
  // Issue #27 items 13, 16: the user's 昵称, and a copy of everything kept for the account.
  { path: '/mine/nickname', title: '修改昵称', screen: 'mine/mine-screens#NicknameScreen', guard: true },
  { path: '/mine/data', title: '我的数据', screen: 'mine/mine-screens#MyDataScreen', guard: true },
  // Issue #27 item 18: the privacy policy and the terms of use.
  { path: '/privacy', title: '隐私政策', screen: 'legal/legal-screens#PrivacyScreen' },
  { path: '/terms', title: '用户协议', screen: 'legal/legal-screens#TermsScreen' },
  // Issue #30: 关于我们 from the brand settings.
  { path: '/about', title: '关于我们', screen: 'legal/about-screen' },
  // Issue #27 item 15: the separate consents to keep health data, and their withdrawal.
  { path: '/mine/consents', title: '隐私与授权', screen: 'mine/mine-screens#ConsentsScreen', guard: true },
  // Issue #26: plain words for jargon.
  { path: '/glossary', title: '术语解释', screen: 'glossary/glossary-screen', sample: '/glossary?term=tongshencun' },
  // Issue #31: 消息提醒 (notice settings) and courses (疗程) with reminders.
  { path: '/mine/notifications', title: '消息提醒', screen: 'notifications/notification-preferences-screen', guard: true },
  {
    path: '/course_new',
    title: '设置疗程',
    screen: 'courses/course-new-screen',
    guard: true,
    sample: '/course_new?scheme=disease%3Ainsomnia',
  },
  { path: '/course/:id', title: '艾灸疗程', screen: 'courses/course-screen', guard: true, sample: '/course/{courseId}' },
  // Issue #28 item 4: the list and detail rows of each simple kind (`npm run new:kind`).
  ...simpleKindRows(),
];

/** Any other path: the not-found screen. */
export const NOT_FOUND_ROUTE: RouteDef = {
  path: '*',
  title: '页面不存在',
  screen: 'misc/not-found-screen',
  query: false,
  sample: '/no/such/page',
};

/** The screen module a reference names (`<feature>/<module>`). */
export const screenModule = (screen: ScreenRef): string => screen.split('#')[0]!;

/** The component a screen reference names: after `#`, else the module's name in PascalCase. */
export const screenComponent = (screen: ScreenRef): string =>
  screen.split('#')[1] ?? screen.replace(/.*\//, '').replace(/(?:^|-)(\w)/g, (_, c: string) => c.toUpperCase());

/**
 * Every route of a table with its full path, layouts and their children, each with the guard and
 * roles it inherits, then the not-found route (for the sweeps and the checks of the table).
 */
export function allRoutes(routes: readonly RouteDef[] = ROUTES): RouteDef[] {
  const out: RouteDef[] = [];
  const walk = (defs: readonly RouteDef[], prefix: string, inherited: Pick<RouteDef, 'guard' | 'roles'>) => {
    for (const def of defs) {
      const path = def.path.startsWith('/') ? def.path : `${prefix.replace(/\/$/, '')}/${def.path}`;
      const own = { guard: def.guard ?? inherited.guard, roles: def.roles ?? inherited.roles };
      out.push({ ...def, ...own, path });
      if (def.children) walk(def.children, path, own);
    }
  };
  walk(routes, '', {});
  return [...out, NOT_FOUND_ROUTE];
}
