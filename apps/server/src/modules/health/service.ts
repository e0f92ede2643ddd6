import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Health, Liveness, Readiness, ReadinessCheck } from '@nestling/shared/contract/health';
import rootPackage from '../../../../../package.json' with { type: 'json' };
import type { DatabaseHandle } from '../../db/database.ts';
import { Refusal } from '../../lib/refusal.ts';

/** Healthy when the database answers `select 1`. */
export async function checkHealth(database: Pick<DatabaseHandle, 'ping'>): Promise<Health> {
  return (await database.ping())
    ? { status: 'ok', database: 'up' }
    : { status: 'unavailable', database: 'down' };
}

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

let gitHead: { value: string | null } | undefined;

/** HEAD of the checkout the server runs from, asked of git once per process; null without one. */
function gitHeadOnce(): string | null {
  gitHead ??= { value: readGitHead() };
  return gitHead.value;
}

function readGitHead(): string | null {
  if (!existsSync(`${repoRoot}.git`)) return null;
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 2000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return /^[0-9a-f]{40,64}$/.test(head) ? head : null;
  } catch {
    return null;
  }
}

/** Which build answers: the root package.json's version; GIT_COMMIT, else git's HEAD, else null. */
export function buildInfo(gitCommit: string | null): { version: string; commit: string | null } {
  return { version: rootPackage.version, commit: gitCommit ?? gitHeadOnce() };
}

export function liveness(build: { version: string; commit: string | null }): Liveness {
  return { status: 'ok', ...build };
}

/** Rejects with a refusal, whose text is public, when `work` has not settled within `ms`. */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          reject(new Refusal(503, `No answer within ${String(ms)} ms`));
        }, ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a failed check says in public: never the error's own text, which may name a host. */
function publicError(error: unknown): string {
  return error instanceof Refusal
    ? error.message
    : 'The check failed; the server log has the details';
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * SMTP's `verify()` (connect, greet, log in), at most once every `cacheMs`, so that frequent
 * probes never hammer the mail server; a verify already under way is shared. A failure is a
 * warning: mail waits in the queue or is retried, the portal still serves. Without SMTP_URL,
 * mails are files in the outbox, which always passes.
 */
export function createMailCheck(
  /** Asks the mail server (the mail module's `verifyMailServer`); null without SMTP_URL. */
  verifyMailServer: ((timeoutMs: number) => Promise<void>) | null,
  options: { timeoutMs: number; cacheMs?: number; log: Log },
): () => Promise<ReadinessCheck> {
  if (verifyMailServer === null) return () => Promise.resolve({ status: 'pass' });
  const ask = verifyMailServer;
  const cacheMs = options.cacheMs ?? 30_000;
  let kept: { at: number; check: ReadinessCheck } | null = null;
  let running: Promise<ReadinessCheck> | null = null;

  async function verify(): Promise<ReadinessCheck> {
    const started = performance.now();
    try {
      await within(ask(options.timeoutMs), options.timeoutMs);
      if (kept?.check.status === 'warn') options.log.info('The mail server answers again');
      return { status: 'pass', ms: Math.round(performance.now() - started) };
    } catch (error) {
      if (kept?.check.status !== 'warn') {
        options.log.warn({ err: error }, 'The mail server does not answer (readiness: a warning)');
      }
      return {
        status: 'warn',
        ms: Math.round(performance.now() - started),
        error: publicError(error),
      };
    }
  }

  return async () => {
    if (kept !== null && performance.now() - kept.at < cacheMs) {
      // The kept answer, without the time its check took then.
      const { status, error } = kept.check;
      return error === undefined ? { status } : { status, error };
    }
    running ??= verify().then((check) => {
      kept = { at: performance.now(), check };
      running = null;
      return check;
    });
    return running;
  };
}

export interface ReadinessDependencies {
  /** Each rejects when its dependency does not answer. */
  database: () => Promise<void>;
  files: () => Promise<void>;
  queue: () => Promise<void>;
  mail: () => Promise<ReadinessCheck>;
  build: { version: string; commit: string | null };
  timeoutMs: number;
  log: Log;
}

/** `select 1` on the app's database, rejecting with the driver's error (for the log). */
export function databaseAnswers(database: Pick<DatabaseHandle, 'db'>): () => Promise<void> {
  return async () => {
    await database.db.execute(sql`select 1`);
  };
}

/**
 * GET /api/health/ready's checks, run at once, each within the timeout: the database, the file
 * store and the job table must answer; mail only warns. A failure is logged when a check starts
 * failing and when it passes again, not on every probe.
 */
export function createReadiness(dependencies: ReadinessDependencies): () => Promise<Readiness> {
  const { timeoutMs, log } = dependencies;
  const failing = new Set<string>();

  async function required(name: string, check: () => Promise<void>): Promise<ReadinessCheck> {
    const started = performance.now();
    try {
      await within(check(), timeoutMs);
      if (failing.delete(name)) log.info({ check: name }, 'Readiness check passes again');
      return { status: 'pass', ms: Math.round(performance.now() - started) };
    } catch (error) {
      if (!failing.has(name)) {
        failing.add(name);
        log.warn({ check: name, err: error }, 'Readiness check failed');
      }
      return {
        status: 'fail',
        ms: Math.round(performance.now() - started),
        error: publicError(error),
      };
    }
  }

  return async () => {
    const [database, files, queue, mail] = await Promise.all([
      required('database', dependencies.database),
      required('files', dependencies.files),
      required('queue', dependencies.queue),
      dependencies
        .mail()
        .catch((error: unknown): ReadinessCheck => ({ status: 'warn', error: publicError(error) })),
    ]);
    const checks = { database, files, queue, mail };
    const ready = [database, files, queue].every((check) => check.status === 'pass');
    return { status: ready ? 'ok' : 'unavailable', ...dependencies.build, checks };
  };
}
