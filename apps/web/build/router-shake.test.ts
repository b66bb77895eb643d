import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { shakeRouter } from './router-shake.ts';

const dist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');

describe("React Router's top level made shakeable (issue #33 item 2)", () => {
  it('drops the devtools labels and marks the component and context factories pure, nothing else', () => {
    const code = [
      'var LocationContext = React.createContext(null);',
      'LocationContext.displayName = "Location";',
      'var Link = React2.forwardRef(function LinkWithRef(props, ref) {',
      '  Link.displayName = "kept: not top level";',
      '  return null;',
      '});',
      'Link.displayName = "Link";',
      'var Memo = React.memo(DataRoutes);',
      'RenderErrorBoundary.contextType = RSCRouterContext;',
      'var other = React.useMemo(f);',
    ].join('\n');
    expect(shakeRouter(code).split('\n')).toEqual([
      'var LocationContext = /* @__PURE__ */ React.createContext(null);',
      '',
      'var Link = /* @__PURE__ */ React2.forwardRef(function LinkWithRef(props, ref) {',
      '  Link.displayName = "kept: not top level";',
      '  return null;',
      '});',
      '',
      'var Memo = /* @__PURE__ */ React.memo(DataRoutes);',
      'RenderErrorBoundary.contextType = RSCRouterContext;',
      'var other = React.useMemo(f);',
    ]);
  });

  // A release that changes how it writes its top level would silently bring the whole router back.
  it("still finds what to rewrite in the installed package's shared chunk, which stays valid", () => {
    const chunk = readdirSync(dist).find(
      (f) => /^chunk-.+\.mjs$/.test(f) && readFileSync(join(dist, f), 'utf8').includes('function matchRoutes('),
    );
    expect(chunk).toBeDefined();
    const code = readFileSync(join(dist, chunk!), 'utf8');
    const out = shakeRouter(code);
    expect(out.match(/^[\w$]+\.displayName = /gm)).toBeNull();
    expect(out.match(/= \/\* @__PURE__ \*\/ React\d*\.(createContext|forwardRef)\(/g)?.length).toBeGreaterThan(10);
    expect(() => parseAst(out)).not.toThrow();
  });
});
