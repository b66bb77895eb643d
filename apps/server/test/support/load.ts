import autocannon from 'autocannon';
import { makeSalt, signRequest } from '@moxa/core/login/sign';

/**
 * Bounded load on loopback (issue #7 §3), shared by the test and `npm run bench`. Only point it at a
 * throwaway server with SMS_PROVIDER=console: the abuse routes exhaust 127.0.0.1's SMS and login limits
 * for an hour, which is the point — they must answer 429, never 5xx.
 */
type LoadRoute = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Built per request (a fresh signature and salt for each sendMsg). */
  body?: () => unknown;
};

const ABUSED_NUMBER = '13800138000';

export const LOAD_ROUTES: LoadRoute[] = [
  { name: 'acupoint list', method: 'GET', path: '/api/v8/acupoints' },
  { name: 'acupoint detail', method: 'GET', path: '/api/v8/acupoints/ST36' },
  { name: 'acupoint search', method: 'GET', path: '/api/v8/acupoints?q=zsl' },
  { name: 'meridian detail', method: 'GET', path: '/api/v8/meridians/ST' },
  { name: 'questionnaire', method: 'GET', path: '/api/v8/physical/questions?gender=female' },
  {
    name: 'sendMsg abuse (one number, one IP)',
    method: 'POST',
    path: '/api/v8/sendMsg',
    body: () => {
      const time = Date.now();
      const salt = makeSalt();
      return { mobile: ABUSED_NUMBER, from: 3, sign: signRequest(ABUSED_NUMBER, time, salt, 3), time, salt, versionCode: 75 };
    },
  },
  { name: 'login abuse (wrong codes)', method: 'GET', path: `/api/v8/login?mobile=${ABUSED_NUMBER}&code=000000&from=3&countryCode=86` },
];

export type RouteLoad = {
  name: string;
  requests: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers other than 2xx, by status. */
  non2xx: Record<string, number>;
  /** Latency in milliseconds. */
  p50: number;
  p99: number;
  /** Mean requests per second. */
  rps: number;
};

type LoadOptions = { url: string; seconds: number; connections: number; routes?: LoadRoute[] };

/** Runs each route in turn for `seconds` with `connections` keep-alive connections; one result per route. */
export async function runLoad({ url, seconds, connections, routes = LOAD_ROUTES }: LoadOptions): Promise<RouteLoad[]> {
  const results: RouteLoad[] = [];
  for (const route of routes) {
    const body = route.body;
    const result = await autocannon({
      url: new URL(route.path, url).toString(),
      method: route.method,
      connections,
      duration: seconds,
      headers: body ? { 'content-type': 'application/json' } : {},
      requests: [
        body ? { method: route.method, setupRequest: (req) => ({ ...req, body: JSON.stringify(body()) }) } : { method: route.method },
      ],
    });
    const non2xx: Record<string, number> = {};
    for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) {
      if (!status.startsWith('2') && stat.count) non2xx[status] = stat.count;
    }
    results.push({
      name: route.name,
      requests: result.requests.total,
      errors: result.errors + result.timeouts,
      non2xx,
      p50: result.latency.p50,
      p99: result.latency.p99,
      rps: Math.round(result.requests.average),
    });
  }
  return results;
}

/** One line per route, for the bench and docs/reliability.md. */
function formatLoad(results: RouteLoad[]): string {
  return results
    .map((r) => {
      const other = Object.entries(r.non2xx)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      return `${r.name.padEnd(36)} ${String(r.requests).padStart(7)} req  ${String(r.rps).padStart(6)}/s  errors ${r.errors}  p50 ${r.p50} ms  p99 ${r.p99} ms  ${other}`;
    })
    .join('\n');
}

// `node apps/server/test/support/load.ts http://127.0.0.1:3000 [seconds] [connections]`
if (import.meta.main) {
  const [url = 'http://127.0.0.1:3000', seconds = '5', connections = '10'] = process.argv.slice(2);
  process.stdout.write(formatLoad(await runLoad({ url, seconds: Number(seconds), connections: Number(connections) })) + '\n');
}
