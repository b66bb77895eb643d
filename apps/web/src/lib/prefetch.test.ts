import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetch, takePrefetched } from './prefetch.ts';

describe('route data prefetch (issue #6)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('fetches once and hands the response over once', async () => {
    const fetchMock = vi.fn(async () => new Response('{"code":0}'));
    vi.stubGlobal('fetch', fetchMock);
    prefetch('/api/v8/meridians/ST');
    prefetch('/api/v8/meridians/ST');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const res = await takePrefetched('/api/v8/meridians/ST');
    expect(await res?.text()).toBe('{"code":0}');
    expect(takePrefetched('/api/v8/meridians/ST')).toBeUndefined();
  });

  it('drops a prefetch nobody took within 30 s', () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    prefetch('/api/v8/charts');
    vi.advanceTimersByTime(30_001);
    expect(takePrefetched('/api/v8/charts')).toBeUndefined();
  });
});
