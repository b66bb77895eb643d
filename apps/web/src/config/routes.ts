import type { Role } from '@moxa/core/login/roles';

/**
 * The screen modules of app/routes (issue #14 §5): app/screens.tsx maps each to its lazy import, so a
 * misspelt module here, or a module without a loader, is a compile error.
 */
export type ScreenModule =
  | 'home'
  | 'acupoint'
  | 'acupoint-detail'
  | 'meridian-detail'
  | 'acupoint-search'
  | 'video-center'
  | 'video-home'
  | 'video-detail'
  | 'consultation'
  | 'case-detail'
  | 'advisor-queue'
  | 'advisor-case'
  | 'product-home'
  | 'product-list'
  | 'product-detail'
  | 'product-marketing'
  | 'disease-types'
  | 'disease-list'
  | 'disease-detail'
  | 'notice-home'
  | 'notice-list'
  | 'notice-detail'
  | 'problems'
  | 'problem-detail'
  | 'search'
  | 'login'
  | 'physical'
  | 'physical-question'
  | 'physical-record'
  | 'physical-detail'
  | 'physical-computing'
  | 'physical-scheme'
  | 'authorize'
  | 'moxa-session'
  | 'moxa-log'
  | 'test-page'
  | 'mine'
  | 'glossary'
  | 'legal'
  | 'reminders'
  | 'not-found';

/**
 * Spec §2 route table with Chinese titles (issue #2). `title: null` means "not shown" in the spec:
 * the screen sets its loaded item's name, else the app name. `guard` screens run the login check;
 * `roles` screens also need one of the roles (issue #14 §6), and imply `guard`. A route with
 * `children` is a layout: its screen renders the matched child in an <Outlet/>, and its guard and
 * roles hold for every child.
 */
export type RouteDef = {
  path: string;
  title: string | null;
  module: ScreenModule;
  guard?: boolean;
  roles?: readonly Role[];
  children?: RouteDef[];
};

/** The public reads a screen makes first, by its route params: started while its chunk loads (issue #6). */
export type RouteData = Partial<Record<ScreenModule, (params: Readonly<Record<string, string | undefined>>) => string[]>>;

export const ROUTES: RouteDef[] = [
  { path: '/', title: '艾灸养生', module: 'home' },
  { path: '/acupoint', title: '穴位查询', module: 'acupoint' },
  { path: '/acupoint_detail/:id', title: null, module: 'acupoint-detail' },
  { path: '/meridian_detail/:id', title: null, module: 'meridian-detail' },
  { path: '/acupoint_search', title: '穴位搜索', module: 'acupoint-search' },
  { path: '/product', title: '产品中心', module: 'product-home' },
  { path: '/more_product/:type', title: null, module: 'product-list' },
  { path: '/product_detail/:id', title: null, module: 'product-detail' },
  { path: '/product_marketing/:id', title: null, module: 'product-marketing' },
  { path: '/videos', title: '视频中心', module: 'video-center' },
  { path: '/brand/videos', title: '了解品牌', module: 'video-home' },
  { path: '/health/videos', title: '健康小知识', module: 'video-home' },
  { path: '/video_detail/:id', title: null, module: 'video-detail' },
  { path: '/login', title: '登录', module: 'login' },
  { path: '/disease_types', title: '艾灸方法', module: 'disease-types' },
  { path: '/disease_list/:uuid', title: null, module: 'disease-list' },
  { path: '/disease_detail/:id', title: null, module: 'disease-detail' },
  { path: '/notice', title: '灸前须知', module: 'notice-home' },
  { path: '/notice_list/:type', title: null, module: 'notice-list' },
  { path: '/notice_detail/:id', title: '详情', module: 'notice-detail' },
  { path: '/problems', title: '产品问答', module: 'problems' },
  { path: '/problem_detail/:id', title: '详情', module: 'problem-detail' },
  { path: '/search/:type', title: null, module: 'search' },
  { path: '/physical', title: '体质测试', module: 'physical' },
  { path: '/physical_question', title: '体质测试', module: 'physical-question' },
  { path: '/physical/record', title: '测试记录', module: 'physical-record', guard: true },
  { path: '/physical/detail', title: '体质测试', module: 'physical-detail' },
  { path: '/physical/computing_method', title: '转化分计算方法', module: 'physical-computing' },
  { path: '/physical/conditioning_cheme', title: '调理方案', module: 'physical-scheme' },
  { path: '/case/caseDetails/:caseId', title: null, module: 'case-detail', guard: true },
  { path: '/single-order-h5/ConsultationH5', title: '在线咨询', module: 'consultation', guard: true },
  // Issue #17: the advisors' screens (role advisor; the server checks every call again).
  { path: '/advisor', title: '咨询队列', module: 'advisor-queue', roles: ['advisor'] },
  { path: '/advisor/case/:caseId', title: '咨询处理', module: 'advisor-case', roles: ['advisor'] },
  // Issue #18: guided sessions and their log (logged out on the device, logged in on the account).
  { path: '/moxa_session', title: '跟着灸', module: 'moxa-session' },
  { path: '/moxa_log', title: '我的艾灸记录', module: 'moxa-log' },
  { path: '/authorize', title: null, module: 'authorize' },
  { path: '/test', title: '测试页', module: 'test-page' },
  // Issue #18: 我的 with favourites and history (kept on the phone while logged out).
  { path: '/mine', title: '我的', module: 'mine' },
  { path: '/mine/favorites', title: '我的收藏', module: 'mine' },
  { path: '/mine/history', title: '浏览记录', module: 'mine' },
  // 注销账号 (《个人信息保护法》 §47): the account and all its data, after a fresh SMS code.
  { path: '/mine/delete_account', title: '注销账号', module: 'mine', guard: true },
  // Issue #27 items 13, 16: the user's 昵称, and a copy of everything kept for the account.
  { path: '/mine/nickname', title: '修改昵称', module: 'mine', guard: true },
  { path: '/mine/data', title: '我的数据', module: 'mine', guard: true },
  // Issue #27 item 18: the privacy policy and the terms of use.
  { path: '/privacy', title: '隐私政策', module: 'legal' },
  { path: '/terms', title: '用户协议', module: 'legal' },
  // Issue #27 item 15: the separate consents to keep health data, and their withdrawal.
  { path: '/mine/consents', title: '隐私与授权', module: 'mine', guard: true },
  // Issue #26: plain words for jargon.
  { path: '/glossary', title: '术语解释', module: 'glossary' },
  // Issue #31: 消息提醒 (notice settings) and courses (疗程) with reminders.
  { path: '/mine/notifications', title: '消息提醒', module: 'reminders', guard: true },
  { path: '/course_new', title: '设置疗程', module: 'reminders', guard: true },
  { path: '/course/:id', title: '艾灸疗程', module: 'reminders', guard: true },
];

/**
 * Screen modules that fetch nothing through TanStack Query: their chunks, and the entry pages among
 * them, stay free of it (issue #6). The others get the query provider loaded with them.
 */
export const MODULES_WITHOUT_QUERY: ReadonlySet<ScreenModule> = new Set<ScreenModule>(['home', 'login', 'physical', 'not-found']);

/** Any other path: the not-found screen. */
export const NOT_FOUND_ROUTE: RouteDef = { path: '*', title: '页面不存在', module: 'not-found' };
