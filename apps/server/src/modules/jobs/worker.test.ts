import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { job } from './schema.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';
import { createJobQueue, type JobQueue } from './queue.ts';
import { createJobRegistry, type JobRegistry } from './registry.ts';
import { createJobsRepository, type JobRow, type JobsRepository } from './repository.ts';
import { ABANDONED_MESSAGE, createJobWorker, type JobWorkerOptions } from './worker.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabaseKinds)('durable jobs on %s', (kind) => {
  let database: TestDatabase;
  let repository: JobsRepository;
  let queue: JobQueue;
  let registry: JobRegistry;
  const workers: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    repository = createJobsRepository(database.db);
    queue = createJobQueue(repository);
    registry = createJobRegistry();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await database.db.delete(job);
  });
  afterAll(async () => {
    await database.destroy();
  });

  function worker(options: Partial<JobWorkerOptions> = {}) {
    const created = createJobWorker({ repository, registry, log: quiet, pollMs: 20, ...options });
    workers.push(created);
    return created;
  }
  const row = async (id: string): Promise<JobRow> => {
    const found = await repository.findById(id);
    if (found === null) throw new Error('The job is gone');
    return found;
  };
  /** Moves the job's retry time (or its lease) into the past: the clock has moved on. */
  const moveClock = (id: string) =>
    database.db
      .update(job)
      .set({
        runAt: sql`now() - interval '1 second'`,
        lockedUntil: sql`now() - interval '1 second'`,
      })
      .where(eq(job.id, id));
  async function until(check: () => Promise<boolean>, what: string) {
    for (let tries = 0; tries < 500; tries += 1) {
      if (await check()) return;
      await pause(20);
    }
    throw new Error(`Timed out waiting for ${what}`);
  }

  it('runs a job and stores its progress while it runs, then its result', async () => {
    registry.register<{ steps: number }>(`count-${kind}`, async ({ payload, progress, id }) => {
      progress(payload.steps / 2, payload.steps);
      await pause(20);
      const during = await row(id);
      progress(payload.steps);
      return { counted: payload.steps, seenDuring: [during.progressDone, during.progressTotal] };
    });
    const queued = await queue.enqueue({
      kind: `count-${kind}`,
      payload: { steps: 10 },
      userId: null,
    });
    expect(queued).toMatchObject({ state: 'queued', attempts: 0, maxAttempts: 5 });

    expect(await worker({ progressEveryMs: 0 }).runOnce()).toBe(true);
    expect(await row(queued.id)).toMatchObject({
      state: 'succeeded',
      attempts: 1,
      progressDone: 10,
      progressTotal: 10,
      result: { counted: 10, seenDuring: [5, 10] },
      lastError: null,
      lockedBy: null,
      finishedAt: expect.any(Date) as Date,
    });
  });

  it('writes progress at most once a second however often the handler reports it', async () => {
    let writes = 0;
    const counting: JobsRepository = {
      ...repository,
      progress: async (...args) => {
        writes += 1;
        await repository.progress(...args);
      },
    };
    registry.register(`chatty-${kind}`, async ({ progress }) => {
      for (let done = 1; done <= 10_000; done += 1) progress(done, 10_000);
      await pause(0);
      return null;
    });
    const queued = await queue.enqueue({ kind: `chatty-${kind}`, payload: {}, userId: null });
    expect(await worker({ repository: counting }).runOnce()).toBe(true);
    expect(writes).toBeLessThanOrEqual(1);
    expect(await row(queued.id)).toMatchObject({ progressDone: 10_000, progressTotal: 10_000 });
  });

  it('retries a failing job after 2, then 4 seconds, and fails it after its last attempt', async () => {
    let calls = 0;
    registry.register(`broken-${kind}`, () => {
      calls += 1;
      return Promise.reject(new Error('The file could not be read.'));
    });
    const queued = await queue.enqueue({
      kind: `broken-${kind}`,
      payload: {},
      userId: null,
      maxAttempts: 3,
    });
    const runner = worker();
    const waited = (found: JobRow) => found.runAt.getTime() - found.updatedAt.getTime();

    expect(await runner.runOnce()).toBe(true);
    let found = await row(queued.id);
    expect(found).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastError: 'The file could not be read.',
      lockedBy: null,
    });
    expect(waited(found)).toBeGreaterThan(1500);
    expect(waited(found)).toBeLessThan(2500);
    // Not due yet: nothing runs.
    expect(await runner.runOnce()).toBe(false);

    await moveClock(queued.id);
    expect(await runner.runOnce()).toBe(true);
    found = await row(queued.id);
    expect(found).toMatchObject({ state: 'queued', attempts: 2 });
    expect(waited(found)).toBeGreaterThan(3500);
    expect(waited(found)).toBeLessThan(4500);

    await moveClock(queued.id);
    expect(await runner.runOnce()).toBe(true);
    expect(await row(queued.id)).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastError: 'The file could not be read.',
      finishedAt: expect.any(Date) as Date,
    });
    await moveClock(queued.id);
    expect(await runner.runOnce()).toBe(false);
    expect(calls).toBe(3);
  });

  it('never runs one job twice with two workers on one database', async () => {
    const runs = new Map<string, number>();
    registry.register(`many-${kind}`, async ({ id }) => {
      runs.set(id, (runs.get(id) ?? 0) + 1);
      await pause(Math.random() * 10);
      return null;
    });
    const ids: string[] = [];
    for (let index = 0; index < 60; index += 1) {
      ids.push((await queue.enqueue({ kind: `many-${kind}`, payload: {}, userId: null })).id);
    }
    const first = worker({ slots: 3 });
    const second = worker({ slots: 3 });
    await Promise.all([first.start(), second.start()]);
    await until(async () => {
      const [counted] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(job)
        .where(eq(job.state, 'succeeded'));
      return counted?.n === ids.length;
    }, 'every job to finish');
    expect(ids.filter((id) => runs.get(id) !== 1)).toEqual([]);
    expect(runs.size).toBe(ids.length);
  });

  it('runs again a job whose server died (its lease ran out), and finishes it', async () => {
    const attempts: number[] = [];
    registry.register(`resumable-${kind}`, ({ attempt }) => {
      attempts.push(attempt);
      return Promise.resolve({ finishedOnAttempt: attempt });
    });
    const queued = await queue.enqueue({ kind: `resumable-${kind}`, payload: {}, userId: null });
    // A server claims it and dies: no renewal, no result.
    const claimed = await repository.claim('server-that-died', 30_000);
    expect(claimed?.id).toBe(queued.id);

    const runner = worker();
    // The lease still holds: another worker leaves it alone.
    expect(await runner.runOnce()).toBe(false);
    await moveClock(queued.id);
    expect(await runner.runOnce()).toBe(true);
    expect(attempts).toEqual([2]);
    expect(await row(queued.id)).toMatchObject({
      state: 'succeeded',
      attempts: 2,
      result: { finishedOnAttempt: 2 },
    });
  });

  it('fails a job whose server died on its last attempt, saying why', async () => {
    registry.register(`last-${kind}`, () => Promise.resolve(null));
    const queued = await queue.enqueue({
      kind: `last-${kind}`,
      payload: {},
      userId: null,
      maxAttempts: 1,
    });
    await repository.claim('server-that-died', 30_000);
    await moveClock(queued.id);
    expect(await worker().runOnce()).toBe(false);
    expect(await row(queued.id)).toMatchObject({ state: 'failed', lastError: ABANDONED_MESSAGE });
  });

  it('renews the lease while a long handler runs', async () => {
    registry.register(`long-${kind}`, async () => {
      await pause(600);
      return null;
    });
    const queued = await queue.enqueue({ kind: `long-${kind}`, payload: {}, userId: null });
    const runner = worker({ leaseMs: 300 });
    const running = runner.runOnce();
    await pause(450);
    // Past the first lease: still held (renewed), so a second worker finds nothing to do.
    const found = await row(queued.id);
    expect(found.state).toBe('running');
    expect(found.lockedUntil?.getTime() ?? 0).toBeGreaterThan(found.updatedAt.getTime());
    expect(await worker({ leaseMs: 300 }).runOnce()).toBe(false);
    await running;
    expect(await row(queued.id)).toMatchObject({ state: 'succeeded', attempts: 1 });
  });

  it('on shutdown, stops the handler and puts its job back without counting the attempt', async () => {
    let started = false;
    let aborted = false;
    registry.register(`stoppable-${kind}`, ({ signal }) => {
      started = true;
      return new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          aborted = true;
          reject(new Error('Stopped'));
        });
      });
    });
    const queued = await queue.enqueue({ kind: `stoppable-${kind}`, payload: {}, userId: null });
    const runner = worker();
    await runner.start();
    // The handler itself, not only the row: the row says running as soon as it is claimed.
    await until(() => Promise.resolve(started), 'the handler to start');
    await runner.stop();
    expect(aborted).toBe(true);
    expect(await row(queued.id)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
  });

  it('puts back a job claimed just as the worker stops, without starting its handler', async () => {
    let started = false;
    registry.register(`late-${kind}`, () => {
      started = true;
      return Promise.resolve(null);
    });
    const queued = await queue.enqueue({ kind: `late-${kind}`, payload: {}, userId: null });
    const runner = worker();
    // Stopped before it runs what it claims: the claim happens, the handler must not.
    await runner.stop();
    expect(await runner.runOnce()).toBe(true);
    expect(started).toBe(false);
    expect(await row(queued.id)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null });
  });

  it('wakes on an enqueue in the same process rather than waiting for the next poll', async () => {
    registry.register(`prompt-${kind}`, () => Promise.resolve(null));
    const runner = worker({ pollMs: 60_000, onEnqueue: queue.onEnqueue });
    await runner.start();
    await pause(50);
    const queued = await queue.enqueue({ kind: `prompt-${kind}`, payload: {}, userId: null });
    await until(async () => (await row(queued.id)).state === 'succeeded', 'the job to run');
  });

  it('wakes on an enqueue that comes while every slot is looking for work, not asleep', async () => {
    registry.register(`racing-${kind}`, () => Promise.resolve(null));
    const enqueued: { job: Promise<JobRow> | null } = { job: null };
    // The job is queued (and the worker woken) while its only slot is between its claim, which
    // found nothing, and its sleep.
    const racing: JobsRepository = {
      ...repository,
      async claim(workerId, leaseMs) {
        const claimed = await repository.claim(workerId, leaseMs);
        enqueued.job ??= queue.enqueue({ kind: `racing-${kind}`, payload: {}, userId: null });
        await enqueued.job;
        return claimed;
      },
    };
    const runner = worker({
      repository: racing,
      slots: 1,
      pollMs: 60_000,
      onEnqueue: queue.onEnqueue,
    });
    await runner.start();
    await until(() => Promise.resolve(enqueued.job !== null), 'the job to be queued');
    const queued = await (enqueued.job ?? Promise.reject(new Error('Nothing was queued')));
    await until(async () => (await row(queued.id)).state === 'succeeded', 'the job to run');
  });

  it('fails a job of a kind no handler knows', async () => {
    const queued = await queue.enqueue({ kind: 'no-such-kind', payload: {}, userId: null });
    expect(await worker().runOnce()).toBe(true);
    expect(await row(queued.id)).toMatchObject({ state: 'failed', attempts: 1 });
  });
});
