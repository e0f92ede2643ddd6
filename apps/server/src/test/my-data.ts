import { importsAnswerSchema } from '@nestling/shared/contract/my-data';
import type { App } from '../app.ts';
import { createJobsRepository } from '../modules/jobs/repository.ts';
import { createJobWorker } from '../modules/jobs/worker.ts';
import { bearer, TEST_ORIGIN } from './auth.ts';
import type { TestDatabase } from './database.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A job worker for the test app, polling often; stop it before closing the app. */
export async function startTestWorker(app: App, database: TestDatabase) {
  const worker = createJobWorker({
    repository: createJobsRepository(database.db),
    registry: app.jobHandlers,
    log: quiet,
    pollMs: 20,
    onEnqueue: app.jobs.onEnqueue,
  });
  await worker.start({ soleServer: true });
  return worker;
}

/**
 * Uploads a file through the tus endpoint in one piece, as the person with `token`, and waits
 * until its import job has read it; answers the import's id.
 */
export async function importFile(
  app: App,
  token: string,
  fileName: string,
  bytes: Buffer,
): Promise<string> {
  const tus = { ...bearer(token), origin: TEST_ORIGIN, 'tus-resumable': '1.0.0' };
  const created = await app.inject({
    method: 'POST',
    url: '/api/my-data/uploads',
    headers: {
      ...tus,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${Buffer.from(fileName).toString('base64')}`,
    },
  });
  const id = String(created.headers.location).split('/').at(-1) ?? '';
  const sent = await app.inject({
    method: 'PATCH',
    url: `/api/my-data/uploads/${id}`,
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });
  if (sent.statusCode !== 204) throw new Error(`The upload failed: ${sent.body}`);
  for (let i = 0; i < 2400; i += 1) {
    const list = await app.inject({
      method: 'GET',
      url: '/api/my-data/imports',
      headers: bearer(token),
    });
    const found = importsAnswerSchema.parse(list.json()).imports.find((entry) => entry.id === id);
    if (found?.state === 'done') return id;
    await pause(25);
  }
  throw new Error(`The import ${id} was not read`);
}
