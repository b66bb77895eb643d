import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@moxa/core/http/envelope';
import { SearchAnswerSchema, SearchQuerySchema } from '@moxa/core/search/search-contract';
import { cacheBody, CONTENT_CACHE, LruCache, sendCached, type CachedBody } from '../lib/cached-body.ts';
import { ok } from '../lib/context.ts';
import type { SearchService } from '../search/search-service.ts';

/**
 * GET /api/v8/search (issue #14 §4): every kind's results, grouped, with highlights and paging. A
 * search of everything or of conditions that finds nothing is counted in search_misses (issue #26).
 */
export function searchRoutes(search: SearchService): FastifyPluginAsyncZod {
  const cache = new LruCache<CachedBody>(1000);
  /** Keys of cached answers that found nothing, so each repeat of such a search is still counted. */
  const empty = new LruCache<true>(1000);
  return async (app) => {
    app.get(
      '/api/v8/search',
      {
        schema: {
          tags: ['search'],
          summary: '全站搜索（穴位、艾灸方法、灸前须知、产品问答…）',
          description:
            'type=all answers every kind that has matches, up to 5 results each; a single type answers one page of that kind. q matches Chinese, full pinyin with or without tones, initials, codes and aliases.',
          querystring: SearchQuerySchema,
          response: { 200: envelope(SearchAnswerSchema) },
        },
      },
      async (request, reply) => {
        const query = request.query;
        const key = JSON.stringify([query.type, query.q, query.page, query.size]);
        let body = cache.get(key);
        if (body === undefined) {
          const answer = search.search(query);
          body = cacheBody(ok(answer), 'fast');
          cache.set(key, body);
          if (query.page === 1 && (query.type === 'all' || query.type === 'disease') && answer.groups.every((g) => g.total === 0))
            empty.set(key, true);
        }
        // Searches that find nothing are counted for editors (issue #26); a failure to count never fails the search.
        if (empty.get(key))
          app.ctx.searchMisses.record(query.q).catch((err: unknown) => request.log.warn({ err }, 'search miss not recorded'));
        return sendCached(request, reply, body, CONTENT_CACHE);
      },
    );
  };
}
