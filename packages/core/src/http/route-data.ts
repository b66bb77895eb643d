/**
 * The public reads each screen's first render makes, declared once (issue #33 item 1, issue #14 §5).
 * The web app starts them while the screen's chunk loads (features' api/paths.ts); the server names
 * them in the HTML it answers a navigation with (preload links, apps/server/src/plugins/route-preload.ts),
 * so data, JavaScript and the largest picture download together instead of one after another.
 * Only public content reads belong here — never anything that needs a login. Import- and zod-free:
 * the web's entry chunk carries the reads and the path builders it uses.
 */
export type RouteParams = Readonly<Record<string, string | undefined>>;

export const CHARTS_PATH = '/api/v8/charts';
export const GLOSSARY_PATH = '/api/v8/glossary';
export const acupointPath = (id: string) => `/api/v8/acupoints/${encodeURIComponent(id)}`;
export const meridianPath = (id: string) => `/api/v8/meridians/${encodeURIComponent(id)}`;
export const pointDiseasesPath = (code: string) => `/api/v8/diseases?acupoint=${encodeURIComponent(code)}&size=100`;
export const DISEASE_TYPES_PATH = '/api/v8/diseases/types';
export const diseaseListPath = (type: string) => `/api/v8/diseases?type=${encodeURIComponent(type)}&size=100`;
export const diseasePath = (id: string) => `/api/v8/diseases/${encodeURIComponent(id)}`;
export const NOTICE_TYPES_PATH = '/api/v8/notices/types';
export const noticeListPath = (type: string) => `/api/v8/notices?type=${encodeURIComponent(type)}&size=100`;
export const noticePath = (id: string) => `/api/v8/notices/${encodeURIComponent(id)}`;
export const PROBLEM_TOPICS_PATH = '/api/v8/problems/topics';
export const PROBLEMS_PATH = '/api/v8/problems?size=100';
export const problemPath = (id: string) => `/api/v8/problems/${encodeURIComponent(id)}`;
export const PRODUCT_TYPES_PATH = '/api/v8/products/types';
export const PRODUCT_PAGE_SIZE = 6;
export const productListPath = (type: string, page: number) =>
  `/api/v8/products?type=${encodeURIComponent(type)}&page=${page}&size=${PRODUCT_PAGE_SIZE}`;
export const productPath = (id: string) => `/api/v8/products/${encodeURIComponent(id)}`;
export const marketingPath = (id: string) => `/api/v8/products/${encodeURIComponent(id)}/marketing`;
export const VIDEO_HOME_PATH = '/api/v8/videos/home';
export const BRAND_PATH = '/api/v8/brand';
export const ABOUT_PATH = '/api/v8/about';
export const videoPath = (id: string) => `/api/v8/videos/${encodeURIComponent(id)}`;

type Reads = Record<string, (p: RouteParams) => string[]>;

// By screen component (apps/web config/routes.ts rows, decision 031): the reads its first render makes, from the route
// params. Grouped by the feature that owns the screens, so each feature's api/paths.ts hands its
// group to the app shell as it is.
export const ACUPOINT_READS = {
  AcupointDetailScreen: (p: RouteParams) => [acupointPath(p.id ?? ''), CHARTS_PATH, pointDiseasesPath(p.id ?? '')],
  MeridianDetailScreen: (p: RouteParams) => [meridianPath(p.id ?? ''), CHARTS_PATH],
} satisfies Reads;
export const DISEASE_READS = {
  DiseaseTypesScreen: () => [DISEASE_TYPES_PATH],
  DiseaseListScreen: (p: RouteParams) => [diseaseListPath(p.uuid ?? ''), DISEASE_TYPES_PATH],
  DiseaseDetailScreen: (p: RouteParams) => [diseasePath(p.id ?? '')],
} satisfies Reads;
export const GLOSSARY_READS = { GlossaryScreen: () => [GLOSSARY_PATH] } satisfies Reads;
// 关于我们 shows the brand settings; the policy pages name the operator (issue #27 item 18, issue #30);
// 我的 ends with the brand's footer.
export const LEGAL_READS = {
  AboutScreen: () => [BRAND_PATH],
  PrivacyScreen: () => [ABOUT_PATH],
  TermsScreen: () => [ABOUT_PATH],
} satisfies Reads;
export const MINE_READS = { MineScreen: () => [BRAND_PATH] } satisfies Reads;
export const NOTICE_READS = {
  NoticeHomeScreen: () => [NOTICE_TYPES_PATH],
  NoticeListScreen: (p: RouteParams) => [noticeListPath(p.type ?? ''), NOTICE_TYPES_PATH],
  NoticeDetailScreen: (p: RouteParams) => [noticePath(p.id ?? '')],
} satisfies Reads;
export const PROBLEM_READS = {
  ProblemsScreen: () => [PROBLEM_TOPICS_PATH, PROBLEMS_PATH],
  ProblemDetailScreen: (p: RouteParams) => [problemPath(p.id ?? '')],
} satisfies Reads;
export const PRODUCT_READS = {
  ProductHomeScreen: () => [PRODUCT_TYPES_PATH],
  ProductListScreen: (p: RouteParams) => [productListPath(p.type ?? '', 1), PRODUCT_TYPES_PATH],
  ProductDetailScreen: (p: RouteParams) => [productPath(p.id ?? '')],
  MarketingScreen: (p: RouteParams) => [marketingPath(p.id ?? '')],
} satisfies Reads;
export const VIDEO_READS = {
  VideoCenterScreen: () => [VIDEO_HOME_PATH],
  VideoDetailScreen: (p: RouteParams) => [videoPath(p.id ?? '')],
} satisfies Reads;

/** Every screen's first reads (the server's view; the web app takes them by feature above). */
export const ROUTE_READS = {
  ...ACUPOINT_READS,
  ...DISEASE_READS,
  ...GLOSSARY_READS,
  ...LEGAL_READS,
  ...MINE_READS,
  ...NOTICE_READS,
  ...PROBLEM_READS,
  ...PRODUCT_READS,
  ...VIDEO_READS,
};
export type RouteDataScreen = keyof typeof ROUTE_READS;

/**
 * Where those screens are in the web's route table (React Router patterns), for the server, which
 * sees only a URL. apps/web/src/lib/route-data.test.ts holds them equal to config/routes.ts. Not
 * used by the web app, so its entry chunk does not carry them.
 */
export const ROUTE_PATTERNS: Record<RouteDataScreen, readonly string[]> = {
  AcupointDetailScreen: ['/acupoint_detail/:id'],
  MeridianDetailScreen: ['/meridian_detail/:id'],
  DiseaseTypesScreen: ['/disease_types'],
  DiseaseListScreen: ['/disease_list/:uuid'],
  DiseaseDetailScreen: ['/disease_detail/:id'],
  GlossaryScreen: ['/glossary'],
  AboutScreen: ['/about'],
  PrivacyScreen: ['/privacy'],
  TermsScreen: ['/terms'],
  MineScreen: ['/mine'],
  NoticeHomeScreen: ['/notice'],
  NoticeListScreen: ['/notice_list/:type'],
  NoticeDetailScreen: ['/notice_detail/:id'],
  ProblemsScreen: ['/problems'],
  ProblemDetailScreen: ['/problem_detail/:id'],
  ProductHomeScreen: ['/product'],
  ProductListScreen: ['/more_product/:type'],
  ProductDetailScreen: ['/product_detail/:id'],
  MarketingScreen: ['/product_marketing/:id'],
  VideoCenterScreen: ['/videos'],
  VideoDetailScreen: ['/video_detail/:id'],
};
