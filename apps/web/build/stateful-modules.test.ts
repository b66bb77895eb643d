import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { holdsState } from './stateful-modules.ts';

const stateful = (code: string) => holdsState(parseAst(code) as never);

describe('the bundling rule for module state (issue #14 §9)', () => {
  it('lets only modules proven stateless be copied', () => {
    expect(stateful(`import { x } from './x'; export function f() { return x; } export const A = 1, B = 'b', C = [1, { a: 2 }];`)).toBe(
      false,
    );
    expect(
      stateful(`export const S = z.object({ a: z.string().min(1) }); export const C = memo(() => null); export { f } from './f';`),
    ).toBe(false);
    expect(stateful(`const routes = { a: '/a', b: (id) => '/b/' + id }; export default routes;`)).toBe(false);
    expect(stateful(`export const NO_QUERY = new Set(['home', 'login']); export const ORDER = Object.keys({ a: 1 });`)).toBe(false);
  });

  it('treats every kind of top-level state as stateful', () => {
    for (const code of [
      'let cached = null; export const get = () => cached;',
      'var n = 0;',
      'export class ApiError extends Error {}',
      'const listeners = new Set();',
      'const cache = new Map([[key(), 1]]);',
      'export const store = createStore();',
      'export const Ctx = createContext(null);',
      "window.addEventListener('x', () => {});",
      'const x = foo(); export { x };',
      'if (a) { b(); }',
    ])
      expect(stateful(code), code).toBe(true);
  });
});
