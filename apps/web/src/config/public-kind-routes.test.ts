import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PUBLIC_KIND_NAMES, publicKindHref } from '@moxa/core/content/public-kinds';
import { ROUTES } from './routes.ts';

/**
 * Issue #28 §5: every public kind's detail page (core content/public-kinds.ts) is a screen in the route
 * table, so search results, Markdown links and favourites never lead to 页面不存在. Only the rows' `path`
 * and `children` are read.
 */
describe('public kinds’ detail pages are routes (issue #28 §5)', () => {
  it('routes every public kind’s detail path, with the item’s id reaching the screen', () => {
    const id = 'Sample-1';
    for (const kind of PUBLIC_KIND_NAMES) {
      const url = new URL(publicKindHref(kind, id), 'https://app.test');
      const matches = matchRoutes(ROUTES as unknown as RouteObject[], url.pathname);
      expect(matches, `${kind}: no route for ${url.pathname}`).not.toBeNull();
      const leaf = matches!.at(-1)!;
      expect(leaf.route.path, `${kind}: ${url.pathname} falls through to a catch-all`).not.toBe('*');
      // The id is the route's parameter (/acupoint_detail/:id) or the query (/glossary?term=).
      expect([...Object.values(leaf.params), ...url.searchParams.values()], kind).toContain(id);
    }
  });
});
