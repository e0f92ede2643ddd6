/*
 * GET /api/user under load (issue 9): requests per second and latency of the portal's most
 * frequent call, next to a bare Fastify route answering a tiny JSON on the same machine, so the
 * ratio says what the portal's own work costs whatever the machine. Measured on the embedded
 * database (PGlite) and on PostgreSQL (TEST_DATABASE_URL, by default the local server; skipped
 * with a line saying so when it does not answer). The servers (servers/api-user.ts) run in a
 * process of their own: the app as buildApp makes it, with every plugin and logs off, on a new
 * migrated database with the demo data, signed in as a demo patient. autocannon loads each
 * route over HTTP on loopback: a warm-up each, then rounds that take the routes in turn, so that
 * a change in the machine's load falls on all of them alike; the figures are the rounds' medians,
 * the ratio the median of each round's ratio. The reports home's two calls (spec section 7,
 * apps/web/src/features/reports/use-portal.ts) are extra rows.
 */
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Measure } from './run.ts';
import type { BenchServerMessage } from './servers/api-user.ts';

const WARMUP_SECONDS = 3;
const ROUNDS = 3;
const ROUND_SECONDS = 5;
const CONNECTIONS = 4;
/** A demo patient with a couple's account, its reports and an individual order. */
const PATIENT = 'mother@demo.test';

/** What the bench reads of autocannon's result (the package ships no types). */
interface LoadResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<LoadResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const targets = [
  { route: 'bare Fastify route', path: '/bare' },
  { route: 'GET /api/user', path: '/api/user' },
  {
    route: 'reports home: couple reports',
    path: '/api/user?preconception=true&embryo=true&withPartner=true',
  },
  {
    route: 'reports home: individual orders',
    path: '/api/user?individual=true&withIndividualReport=true',
  },
] as const;

/** One run; a run with failed answers is an error, not a figure. */
async function load(url: string, headers: Record<string, string>, duration: number) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${url}: ${failed} requests failed`);
  return result;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Starts the servers on a new database of this kind and waits for their first word. */
function startServers(kind: 'pglite' | 'postgres') {
  const child = fork(
    fileURLToPath(new URL('servers/api-user.ts', import.meta.url)),
    [kind, PATIENT],
    {
      execArgv: ['--import', 'tsx'],
    },
  );
  const first = new Promise<BenchServerMessage>((resolve, reject) => {
    child.once('message', (message) => {
      resolve(message as BenchServerMessage);
    });
    child.once('exit', (code) => {
      reject(new Error(`The ${kind} bench server ended (${code ?? 'signal'}) before it listened`));
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else {
        child.once('exit', () => {
          resolve();
        });
        child.disconnect();
      }
    });
  return { first, stop };
}

async function measureOn(kind: 'pglite' | 'postgres'): Promise<Record<string, string | number>[]> {
  const database = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const servers = startServers(kind);
  try {
    const message = await servers.first;
    if (!message.ready) return [{ database, route: `skipped: ${message.skipped}` }];
    const runs = targets.map((target) => {
      const isBare = target.path === '/bare';
      const headers: Record<string, string> = isBare
        ? {}
        : { authorization: `Bearer ${message.token}` };
      return {
        route: target.route,
        url: `${isBare ? message.bareOrigin : message.appOrigin}${target.path}`,
        headers,
        results: [] as LoadResult[],
      };
    });
    for (const run of runs) await load(run.url, run.headers, WARMUP_SECONDS);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const run of runs) run.results.push(await load(run.url, run.headers, ROUND_SECONDS));
    }
    const bare = runs[0]?.results ?? [];
    return runs.map((run) => ({
      database,
      route: run.route,
      'req/s': Math.round(median(run.results.map((result) => result.requests.average))),
      'of bare': Number(
        median(
          run.results.map(
            (result, round) => result.requests.average / (bare[round]?.requests.average ?? NaN),
          ),
        ).toFixed(4),
      ),
      'p50 ms': median(run.results.map((result) => result.latency.p50)),
      'p99 ms': median(run.results.map((result) => result.latency.p99)),
    }));
  } finally {
    await servers.stop();
  }
}

export const measures: readonly Measure[] = [
  {
    name: `GET /api/user under load (${CONNECTIONS} connections, as ${PATIENT}; ${WARMUP_SECONDS} s of warm-up, then the medians of ${ROUNDS} rounds of ${ROUND_SECONDS} s)`,
    run: async () => [...(await measureOn('pglite')), ...(await measureOn('postgres'))],
  },
];
