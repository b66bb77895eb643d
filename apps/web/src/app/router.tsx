import { createBrowserRouter, type LoaderFunctionArgs, type Params, type RouteObject } from 'react-router';
import { prefetch } from '../lib/prefetch.ts';
import { ROUTES, type RouteHandle } from '../config/routes.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Every screen is its own chunk (spec §2 "every screen loads on demand"). Vite needs literal import
 * paths, so the module names of config/routes.ts map to loaders here.
 */
const modules: Record<string, () => Promise<{ Component: React.ComponentType }>> = {
  home: () => import('./routes/home.tsx'),
  acupoint: () => import('./routes/acupoint.tsx'),
  'acupoint-detail': () => import('./routes/acupoint-detail.tsx'),
  'meridian-detail': () => import('./routes/meridian-detail.tsx'),
  'acupoint-search': () => import('./routes/acupoint-search.tsx'),
  'video-home': () => import('./routes/video-home.tsx'),
  login: () => import('./routes/login.tsx'),
  physical: () => import('./routes/physical.tsx'),
  'physical-question': () => import('./routes/physical-question.tsx'),
  'physical-record': () => import('./routes/physical-record.tsx'),
  'physical-detail': () => import('./routes/physical-detail.tsx'),
  'physical-computing': () => import('./routes/physical-computing.tsx'),
  'physical-scheme': () => import('./routes/physical-scheme.tsx'),
  authorize: () => import('./routes/authorize.tsx'),
  'test-page': () => import('./routes/test-page.tsx'),
  coming: () => import('./routes/coming.tsx'),
};

/**
 * A screen chunk that fails to load (network, or a redeploy removed it) must reach the route error
 * boundary. React Router leaves the page blank when `lazy` itself rejects on the first load, so the
 * failure becomes a component that throws while rendering (issue #2 §4).
 */
async function lazyScreen(load: () => Promise<{ Component: React.ComponentType }>, withQuery: boolean) {
  try {
    if (!withQuery) return { Component: (await load()).Component };
    const [{ Component: Screen }, { WithQuery }] = await Promise.all([load(), import('../components/with-query.tsx')]);
    return {
      Component: () => (
        <WithQuery>
          <Screen />
        </WithQuery>
      ),
    };
  } catch (error) {
    return {
      Component: () => {
        throw error;
      },
    };
  }
}

/** Public content each screen reads first, fetched while its chunk loads (issue #6). */
const ROUTE_DATA: Record<string, (params: Params) => string[]> = {
  'acupoint-detail': (p) => [`/api/v8/acupoints/${encodeURIComponent(p.id ?? '')}`, '/api/v8/charts'],
  'meridian-detail': (p) => [`/api/v8/meridians/${encodeURIComponent(p.id ?? '')}`, '/api/v8/charts'],
};

/** Screens that fetch nothing through TanStack Query (their chunks stay free of it). */
const WITHOUT_QUERY = new Set(['home', 'login', 'coming', 'video-home']);

export const routeObjects: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      ...ROUTES.map((r): RouteObject => {
        const load = modules[r.module];
        if (!load) throw new Error(`no module for ${r.path}`);
        const handle: RouteHandle = { title: r.title, guard: Boolean(r.guard) };
        const data = ROUTE_DATA[r.module];
        return {
          path: r.path,
          handle,
          errorElement: <RouteError />,
          // A static loader runs alongside `lazy`, so the data and the chunk download together.
          ...(data ? { loader: ({ params }: LoaderFunctionArgs) => (data(params).forEach(prefetch), null) } : {}),
          lazy: () => lazyScreen(load, !WITHOUT_QUERY.has(r.module)),
        };
      }),
      {
        path: '*',
        handle: { title: '页面不存在', guard: false },
        lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).Component }),
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routeObjects);
