import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const ROUTER_DIST = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].+\.mjs$/;

/**
 * Issue #33 item 2: React Router ships one module whose top level keeps every component alive: each
 * `X.displayName = "…"` (a devtools label) is a write to a module-level object, and each
 * `var X = React.forwardRef(…)` / `createContext(…)` / `memo(…)` a call the bundler cannot prove
 * free of effects. So importing `matchRoutes` alone brought NavLink, Form, the framework-mode
 * prefetching and the data routers (11.6 KB gzip). Dropping the labels and marking those calls
 * pure (they are) lets the bundler keep only what the app uses. Behaviour is unchanged: no code reads
 * displayName outside React's development warnings.
 *
 * Its package also offers no `production` export condition, so a build would get the development
 * copy (extra warnings and checks, ~0.5 KB gzip): the build takes the production copy beside it.
 */
export function routerShake(): Plugin {
  return {
    name: 'moxa:router-shake',
    apply: 'build',
    config: () => {
      const pkg = createRequire(import.meta.url).resolve('react-router/package.json');
      return { resolve: { alias: [{ find: /^react-router$/, replacement: join(dirname(pkg), 'dist/production/index.mjs') }] } };
    },
    transform: {
      filter: { id: ROUTER_DIST },
      handler(code) {
        const out = shakeRouter(code);
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}

/** The rewrite itself: top-level statements only (they start a line in the package's files). */
export function shakeRouter(code: string): string {
  return code
    .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
    .replace(/^((?:var|const|let) [\w$]+ = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm, '$1/* @__PURE__ */ $2');
}
