import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importsAnswerSchema, type GenotypeImport } from '@nestling/shared/contract/my-data';
import type { App } from './app.ts';
import { openPostgresDatabase, type DatabaseHandle } from './db/database.ts';
import { job } from './modules/jobs/schema.ts';
import { seedDemoData } from './demo/seed.ts';
import { createTestApp } from './test/app.ts';
import { bearer, signInToken, TEST_ORIGIN } from './test/auth.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from './test/database.ts';
import { startTestS3Server, type TestS3Server } from './test/s3-server.ts';
import { createJobsRepository } from './modules/jobs/repository.ts';
import { createJobWorker } from './modules/jobs/worker.ts';
import { createS3FileStore } from './modules/storage/s3-store.ts';
import { BUCKET_UPLOAD_PREFIX } from './modules/storage/upload-area.ts';
import { genotypesKey, IMPORT_JOB_KIND } from './modules/imports/service.ts';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MiB = 1024 * 1024;

/** A one-sample VCF on GRCh38 of about `bytes` bytes, by its chromosome 1 length. */
function vcfOfSize(bytes: number): { file: Buffer; rows: number } {
  const lines = [
    '##fileformat=VCFv4.2',
    '##contig=<ID=chr1,length=248956422>',
    '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tSAMPLE',
  ];
  let size = 0;
  let rows = 0;
  while (size < bytes) {
    const line = `chr1\t${String(20_000 + rows)}\trs${String(rows + 1)}\tA\tG\t50\tPASS\t.\tGT\t0/1`;
    lines.push(line);
    size += line.length + 1;
    rows += 1;
  }
  return { file: Buffer.from(`${lines.join('\n')}\n`), rows };
}

/**
 * ADR 048: two servers on one database and one S3-compatible bucket, with no
 * folder in common. A resumable upload begun on one and finished on the other is imported once.
 */
describe.each(testDatabaseKinds)('two servers on one %s database and one bucket', (kind) => {
  let s3: TestS3Server;
  let database: TestDatabase;
  /** The second server's own connection (PGlite lives in one process: there, the same). */
  let secondDatabase: DatabaseHandle;
  const dataDirs: string[] = [];
  const servers: { app: App; url: string; stop: () => Promise<void> }[] = [];

  beforeAll(async () => {
    s3 = await startTestS3Server();
    database = await createTestDatabase(kind);
    // The demo documents go to the bucket, as `npm run seed` puts them there with S3 set.
    await seedDemoData(database.db, { fileStore: createS3FileStore(s3.settings) });
    secondDatabase = database.url === null ? database : openPostgresDatabase(database.url);
    for (const handle of [database, secondDatabase]) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-replica-'));
      dataDirs.push(dataDir);
      const app = await createTestApp({
        database: handle,
        env: {
          PUBLIC_URL: TEST_ORIGIN,
          DATA_DIR: dataDir,
          S3_BUCKET: s3.settings.bucket,
          S3_ENDPOINT: s3.settings.endpoint ?? '',
          S3_REGION: s3.settings.region,
          S3_ACCESS_KEY_ID: s3.settings.accessKeyId ?? '',
          S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey ?? '',
          S3_FORCE_PATH_STYLE: 'true',
        },
      });
      const worker = createJobWorker({
        repository: createJobsRepository(handle.db),
        registry: app.jobHandlers,
        log: quiet,
        pollMs: 20,
        onEnqueue: app.jobs.onEnqueue,
      });
      await worker.start();
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      servers.push({
        app,
        url,
        stop: async () => {
          await worker.stop();
          await app.close();
        },
      });
    }
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    if (secondDatabase !== database) await secondDatabase.close();
    await database.destroy();
    await s3.close();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });

  const serverAt = (index: 0 | 1) => {
    const server = servers[index];
    if (server === undefined) throw new Error('The servers did not start');
    return server;
  };

  it('imports once an upload begun on one server and finished on the other', async () => {
    const [first, second] = [serverAt(0), serverAt(1)];
    const token = await signInToken(first.app, 'individual@demo.test');
    const tus = { ...bearer(token), origin: TEST_ORIGIN, 'tus-resumable': '1.0.0' };
    // Large enough for three requests of which the first fills a whole part (5 MiB and up) and
    // the second leaves a piece too small for one, which the bucket must keep in between.
    const { file, rows } = vcfOfSize(12 * MiB);
    const cuts = [0, 6 * MiB, 9 * MiB, file.length];

    const created = await fetch(`${first.url}/api/my-data/uploads`, {
      method: 'POST',
      headers: {
        ...tus,
        'upload-length': String(file.length),
        'upload-metadata': `filename ${Buffer.from('replicas.vcf').toString('base64')}`,
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const id = created.headers.get('location')?.split('/').at(-1) ?? '';
    expect(id).not.toBe('');

    async function send(server: { url: string }, piece: number) {
      const start = cuts[piece] ?? 0;
      const end = cuts[piece + 1] ?? 0;
      const answer = await fetch(`${server.url}/api/my-data/uploads/${id}`, {
        method: 'PATCH',
        headers: {
          ...tus,
          'upload-offset': String(start),
          'content-type': 'application/offset+octet-stream',
        },
        body: file.subarray(start, end),
      });
      expect(answer.status, await answer.text()).toBe(204);
      expect(answer.headers.get('upload-offset')).toBe(String(end));
    }
    async function offsetOn(server: { url: string }) {
      const answer = await fetch(`${server.url}/api/my-data/uploads/${id}`, {
        method: 'HEAD',
        headers: tus,
      });
      expect(answer.status).toBe(200);
      return Number(answer.headers.get('upload-offset'));
    }

    await send(first, 0);
    // The other server sees how far the upload came, from the bucket alone.
    expect(await offsetOn(second)).toBe(cuts[1]);
    await send(second, 1);
    expect(await offsetOn(first)).toBe(cuts[2]);
    // Nothing of the upload is on either server's disk.
    for (const dataDir of dataDirs) {
      const names = readdirSync(dataDir, { recursive: true, encoding: 'utf8' });
      expect(names.filter((name) => name.includes(id))).toEqual([]);
    }
    expect(s3.objects.has(`${BUCKET_UPLOAD_PREFIX}${id}.info`)).toBe(true);
    await send(second, 2);

    // Done, on whichever server's worker took the job, and the list reads the same on both.
    let listed: GenotypeImport | undefined;
    for (let tries = 0; tries < 300; tries += 1) {
      const answer = await fetch(`${first.url}/api/my-data/imports`, {
        headers: { ...bearer(token), origin: TEST_ORIGIN },
      });
      listed = importsAnswerSchema
        .parse(await answer.json())
        .imports.find((entry) => entry.id === id);
      if (listed?.state === 'done' || listed?.state === 'failed') break;
      await pause(50);
    }
    expect(listed?.state, listed?.error ?? '').toBe('done');
    expect(listed?.summary?.variants).toBe(rows);
    expect(listed?.sha256).toBe(createHash('sha256').update(file).digest('hex'));
    const fromSecond = await fetch(`${second.url}/api/my-data/imports`, {
      headers: { ...bearer(token), origin: TEST_ORIGIN },
    });
    expect(
      importsAnswerSchema.parse(await fromSecond.json()).imports.find((entry) => entry.id === id)
        ?.state,
    ).toBe('done');

    // Once: one import of the file, kept in the bucket whole; nothing of the upload is left.
    const jobs = await database.db.select().from(job).where(eq(job.kind, IMPORT_JOB_KIND));
    // The server that took the last byte had not followed the upload, so one job read it.
    expect(jobs.filter((row) => JSON.stringify(row.payload).includes(id))).toHaveLength(1);
    const key = genotypesKey('demo-individual', id, 'replicas.vcf');
    expect(s3.objects.get(key)?.body.equals(file)).toBe(true);
    // The upload's own objects go just after the import is recorded as done.
    const uploadObjects = () =>
      [...s3.objects.keys()].filter((name) => name.startsWith(BUCKET_UPLOAD_PREFIX));
    for (let tries = 0; tries < 100 && uploadObjects().length > 0; tries += 1) await pause(20);
    expect(uploadObjects()).toEqual([]);
    expect(s3.uploads.size).toBe(0);
    // The multipart upload spanned both servers: its parts were listed and completed.
    expect(s3.calls).toContain('ListParts');
    expect(s3.calls).toContain('CompleteMultipartUpload');
  });

  it('serves documents from the bucket: a link made on one server opens on the other', async () => {
    const [first, second] = [serverAt(0), serverAt(1)];
    const token = await signInToken(second.app, 'individual@demo.test');
    const headers = { ...bearer(token), origin: TEST_ORIGIN };
    const documentId = 'demo-individual-cover-letter';
    const link = await fetch(`${first.url}/api/user/documents/${documentId}/session`, {
      method: 'POST',
      headers,
    });
    expect(link.status, await link.clone().text()).toBe(201);
    const { url } = (await link.json()) as { url: string };
    const opened = await fetch(`${second.url}${url}`, { headers });
    expect(opened.status).toBe(200);
    const stored = [...s3.objects.entries()].find(([name]) => name.includes(documentId));
    expect(stored).toBeDefined();
    expect(
      Buffer.from(await opened.arrayBuffer()).equals(stored?.[1].body ?? Buffer.alloc(0)),
    ).toBe(true);
    for (const dataDir of dataDirs) {
      const names = readdirSync(dataDir, { recursive: true, encoding: 'utf8' });
      expect(names.filter((name) => name.endsWith('.pdf') || name.includes(documentId))).toEqual(
        [],
      );
    }
  });
});
