import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, waitForOutput, withStoppedServerDatabase } from '../../test/process.ts';
import { createJobQueue } from './queue.ts';
import { createJobsRepository } from './repository.ts';

const entry = path.resolve(import.meta.dirname, '../../test/job-test-server.ts');
describe('a job survives the server being killed', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'job-crash-'));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes after SIGKILL in the middle and a restart on the same data directory', async () => {
    const steps = 12;
    const id = await withStoppedServerDatabase(dataDir, async ({ db }) => {
      const queue = createJobQueue(createJobsRepository(db));
      return (
        await queue.enqueue({ kind: 'test-steps', payload: { steps, stepMs: 100 }, userId: null })
      ).id;
    });

    const env = { DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'info' };
    const first = startServer(env, entry);
    await first.listening;
    await waitForOutput(first, /"step":4,/, 'the job to be a third done');
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    expect(first.output()).not.toContain('Job finished');

    const second = startServer(env, entry);
    await second.listening;
    await waitForOutput(second, /Job finished/, 'the job to finish after the restart');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    // The second server started the job again from the beginning.
    expect(second.output()).toMatch(/"step":1,"attempt":2/);

    const row = await withStoppedServerDatabase(dataDir, ({ db }) =>
      createJobsRepository(db).findById(id),
    );
    expect(row).toMatchObject({
      state: 'succeeded',
      attempts: 2,
      progressDone: steps,
      progressTotal: steps,
      result: { steps, finishedOnAttempt: 2 },
      lockedBy: null,
    });
  }, 90_000);
});
