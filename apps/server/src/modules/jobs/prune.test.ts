import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../auth/schema.ts';
import { dataExport } from '../exports/schema.ts';
import { genotypeImport } from '../imports/schema.ts';
import { job } from './schema.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';
import { createJobRegistry } from './registry.ts';
import { createJobsRepository, type JobsRepository } from './repository.ts';
import { createJobWorker } from './worker.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const daysAgo = (days: number) => sql`now() - make_interval(days => ${days}::int)`;
const inAnHour = sql`now() + interval '1 hour'`;

describe.each(testDatabaseKinds)('pruning finished jobs on %s', (kind) => {
  let database: TestDatabase;
  let repository: JobsRepository;
  const userId = `prune-${kind}`;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    repository = createJobsRepository(database.db);
    await database.db
      .insert(user)
      .values({ id: userId, name: 'Prune Test', email: `prune-${kind}@example.test` });
  });
  afterEach(async () => {
    await database.db.delete(dataExport);
    await database.db.delete(genotypeImport);
    await database.db.delete(job);
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** A job as the worker would have left it, finished `finishedDaysAgo` days ago. */
  async function addJob(
    id: string,
    state: 'queued' | 'running' | 'succeeded' | 'failed',
    finishedDaysAgo: number | null,
  ) {
    await database.db.insert(job).values({
      id,
      kind: 'prune-test',
      payload: {},
      userId,
      state,
      attempts: state === 'queued' ? 0 : 1,
      createdAt: daysAgo(40),
      // Not due: the worker claims none of them while these tests prune.
      runAt: inAnHour,
      lockedUntil: state === 'running' ? inAnHour : null,
      finishedAt: finishedDaysAgo === null ? null : daysAgo(finishedDaysAgo),
    });
  }
  const remaining = async () =>
    (await database.db.select({ id: job.id }).from(job).orderBy(job.id)).map((row) => row.id);
  const worker = (options: { retentionDays: number; pruneEveryMs?: number }) =>
    createJobWorker({ repository, registry: createJobRegistry(), log: quiet, ...options });

  it('deletes succeeded and failed jobs past the retention, and no other', async () => {
    await addJob('old-succeeded', 'succeeded', 20);
    await addJob('old-failed', 'failed', 15);
    await addJob('recent-succeeded', 'succeeded', 13);
    await addJob('recent-failed', 'failed', 1);
    await addJob('old-queued', 'queued', null);
    await addJob('old-running', 'running', null);

    expect(await worker({ retentionDays: 14 }).runOnce()).toBe(false);
    expect(await remaining()).toEqual([
      'old-queued',
      'old-running',
      'recent-failed',
      'recent-succeeded',
    ]);
  });

  it('keeps an old job whose import or export is not done yet: its page shows the job', async () => {
    await addJob('import-failed', 'failed', 30);
    await addJob('import-done', 'succeeded', 30);
    await addJob('export-failed', 'failed', 30);
    await addJob('export-ready', 'succeeded', 30);
    const base = { userId, size: 10 };
    await database.db.insert(genotypeImport).values([
      // The job failed for good: the import list shows it failed, from the job's row.
      { ...base, id: 'import-1', fileName: 'a.vcf', state: 'importing', jobId: 'import-failed' },
      { ...base, id: 'import-2', fileName: 'b.vcf', state: 'done', jobId: 'import-done' },
    ]);
    await database.db.insert(dataExport).values([
      { id: 'export-1', userId, kind: 'fhir-bundle', state: 'queued', jobId: 'export-failed' },
      { id: 'export-2', userId, kind: 'fhir-bundle', state: 'ready', jobId: 'export-ready' },
    ]);

    expect(await repository.pruneFinished(14)).toBe(2);
    expect(await remaining()).toEqual(['export-failed', 'import-failed']);
    // The finished import and export keep their own state; they only lose the job's id.
    const [done] = await database.db
      .select()
      .from(genotypeImport)
      .where(eq(genotypeImport.id, 'import-2'));
    expect(done).toMatchObject({ state: 'done', jobId: null });
    const [ready] = await database.db
      .select()
      .from(dataExport)
      .where(eq(dataExport.id, 'export-2'));
    expect(ready).toMatchObject({ state: 'ready', jobId: null });
  });

  it('prunes at most once every pruneEveryMs (an hour by default), and never with 0 days', async () => {
    const hourly = worker({ retentionDays: 14 });
    await addJob('first', 'succeeded', 20);
    await hourly.runOnce();
    expect(await remaining()).toEqual([]);

    await addJob('second', 'succeeded', 20);
    await hourly.runOnce();
    expect(await remaining()).toEqual(['second']);

    const keepAll = worker({ retentionDays: 0, pruneEveryMs: 0 });
    await keepAll.runOnce();
    expect(await remaining()).toEqual(['second']);

    await worker({ retentionDays: 14, pruneEveryMs: 0 }).runOnce();
    expect(await remaining()).toEqual([]);
  });
});
