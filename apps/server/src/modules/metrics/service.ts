import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../../db/database.ts';
import type { QueueStats } from '../jobs/index.ts';

/** The job states the queue gauge always shows for a kind it has seen, 0 when none. */
const JOB_STATES = ['queued', 'running', 'succeeded', 'failed'];

/** The route label of a request no route took (an unknown address, the web app's pages). */
export const UNMATCHED_ROUTE = 'unmatched';

let processRegistry: Registry | undefined;

/**
 * prom-client's default metrics (CPU, memory, heap, handles, event-loop lag...): they describe
 * the process, so they are collected once per process however many apps it builds (tests).
 */
function processMetrics(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricsSources {
  /** The job table by state and kind, read on each scrape. */
  queueStats: () => Promise<QueueStats>;
  /** PostgreSQL's pool now; null on PGlite, which has none (its gauges are then left out). */
  poolStats: () => PoolStats | null;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /**
   * Adds the process's default metrics. Only when metrics are served: the event-loop lag is
   * sampled from then on.
   */
  processMetrics: boolean;
}

/**
 * The portal's Prometheus metrics (ADR 045), in a registry of this app's own plus the
 * process's default metrics.
 */
export function createMetrics(sources: MetricsSources) {
  const registry = new Registry();
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const queueDepth = new Gauge({
    name: 'job_queue_jobs',
    help: 'Background jobs in the job table, by state and kind',
    labelNames: ['state', 'kind'] as const,
    registers: [registry],
  });
  const oldestDue = new Gauge({
    name: 'job_queue_oldest_due_seconds',
    help: 'Seconds since the oldest queued job became due (0 when none waits)',
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'job_failures_total',
    help: 'Failed job attempts, by kind; final="true" when the job was not tried again',
    labelNames: ['kind', 'final'] as const,
    registers: [registry],
  });
  const mailFailures = new Counter({
    name: 'mail_failures_total',
    help: 'Mails that could not be sent',
    registers: [registry],
  });
  if (sources.poolStats() !== null) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections, by state: in_use or idle',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const pool = sources.poolStats();
        if (pool === null) return;
        this.set({ state: 'in_use' }, pool.total - pool.idle);
        this.set({ state: 'idle' }, pool.idle);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_requests',
      help: 'Queries waiting for a PostgreSQL pool connection',
      registers: [registry],
      collect() {
        this.set(sources.poolStats()?.waiting ?? 0);
      },
    });
  }
  const everything = sources.processMetrics
    ? Registry.merge([processMetrics(), registry])
    : registry;

  /** One query for both queue gauges, before the registry is read. */
  async function readQueue(): Promise<void> {
    try {
      const stats = await sources.queueStats();
      queueDepth.reset();
      for (const kind of new Set(stats.counts.map((row) => row.kind))) {
        for (const state of JOB_STATES) queueDepth.set({ state, kind }, 0);
      }
      for (const { state, kind, count } of stats.counts) queueDepth.set({ state, kind }, count);
      oldestDue.set(stats.oldestDueSeconds);
    } catch (error) {
      // No numbers rather than stale ones; readiness tells that the database is down.
      queueDepth.reset();
      oldestDue.reset();
      sources.log.warn({ err: error }, 'The job queue could not be read for the metrics');
    }
  }

  return {
    contentType: everything.contentType,
    observeRequest: (
      labels: { method: string; route: string; status_code: string },
      seconds: number,
    ): void => {
      requestDuration.observe(labels, seconds);
    },
    /** A failed job attempt; `final` when it will not be tried again. */
    jobFailed: (kind: string, final: boolean): void => {
      jobFailures.inc({ kind, final: String(final) });
    },
    /** A mail that could not be sent (the mail code calls this). */
    mailFailed: (): void => {
      mailFailures.inc();
    },
    /** The exposition text for one scrape. */
    render: async (): Promise<string> => {
      await readQueue();
      return everything.metrics();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Whether an Authorization header carries `Bearer <token>`. Both sides are hashed first, so
 * the comparison takes the same time whatever the length or the first wrong character.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+)\s*$/i.exec(header ?? '');
  if (match === null) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1] ?? ''), digest(token));
}
