import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import {
  EXPORT_IMPORT_NOT_READY,
  EXPORT_LINK_MINUTES,
  EXPORT_NEEDS_IMPORT,
  EXPORT_VCF_NEEDS_VCF,
  MAX_UNFINISHED_EXPORTS,
  RAW_GENOME_MAX_BYTES,
  RAW_GENOME_NOT_VCF,
  RAW_GENOME_TOO_LARGE,
  TOO_MANY_EXPORTS,
  exportFileSchema,
  importSummarySchema,
  isGenotypeExport,
  type DataExport,
  type ExportKind,
  type ExportLink,
  type ExportRequest,
  type ExportState,
} from '@nestling/shared/contract/my-data';
import type { UserRow } from '../auth/schema.ts';
import { IMPORT_NOT_FOUND, type ImportsRepository, type VcfHeaderLines } from '../imports/index.ts';
import type { JobContext, JobQueue } from '../jobs/index.ts';
import type { OrdersRepository } from '../orders/index.ts';
import type { ReportsRepository, ReportsService } from '../reports/index.ts';
import { FileNotFoundError, type FileStore } from '../storage/index.ts';
import { BgzfWriter } from './bgzf.ts';
import { buildFhirBundle, type BundleReport, type FhirResource } from './fhir-bundle.ts';
import { storedGenotypeBatches, write23andMe, writeVcf } from './genotype-writers.ts';
import type { ExportsRepository, ExportWithJob, StoredExportFile } from './repository.ts';
import { indexVcfLines, TabixIndex } from './tabix-index.ts';
import { Refusal } from '../../lib/refusal.ts';

export const EXPORT_JOB_KIND = 'data-export';

export const EXPORT_NOT_FOUND = 'Export not found';
export const EXPORT_FILE_NOT_FOUND = 'This file is not in a finished export.';
export const EXPORT_LINK_INVALID =
  'This download link has expired or is not valid. Ask for a new one on the exports page.';
export const EXPORT_IMPORT_GONE = 'The imported file was deleted before the export was made.';

export interface ExportJobPayload {
  exportId: string;
}

/** Where an export keeps its files in the file store: one folder, removed whole. */
export function exportFolder(userId: string, exportId: string): string {
  return `users/${userId}/exports/${exportId}/`;
}

/**
 * The signature of a download link: HMAC-SHA256 over the export, the file and the expiry, with
 * a key derived from the auth secret for this use only. Nothing is stored, so a link works for
 * every request (Range) until it expires.
 */
export function exportLinkSignature(
  secret: string,
  exportId: string,
  name: string,
  expires: number,
): string {
  const key = createHmac('sha256', secret).update('nestling:data-export-link').digest();
  return createHmac('sha256', key)
    .update(JSON.stringify([exportId, name, expires]))
    .digest('base64url');
}

/** Hashes and counts the bytes as they pass on their way to the file store. */
function hashingCounter(onBytes?: (size: number) => void) {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      onBytes?.(size);
      callback(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

function storedFiles(value: unknown): StoredExportFile[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const file = exportFileSchema.safeParse(entry);
    const key = (entry as { key?: unknown }).key;
    return file.success && typeof key === 'string' ? [{ ...file.data, key }] : [];
  });
}

export function createExportsService(deps: {
  repository: ExportsRepository;
  imports: ImportsRepository;
  fileStore: FileStore;
  jobs: JobQueue;
  reports: ReportsService;
  reportsRepository: ReportsRepository;
  orders: OrdersRepository;
  findUser: (userId: string) => Promise<UserRow | null>;
  /**
   * The ZIP of the person's reports (every version as JSON, the latest as a PDF) and documents,
   * as a stream that reads each entry when it reaches it (spec section 7's archive).
   */
  archiveOf: (person: UserRow) => Promise<{ fileName: string; stream: Readable }>;
  /** The person's stored health survey answers, as a FHIR QuestionnaireResponse, or null. */
  surveyResponseOf: (person: UserRow) => Promise<FhirResource | null>;
  productName: string;
  /** Signs download links. */
  secret: string;
  now?: () => Date;
}) {
  const { repository, imports, fileStore, jobs } = deps;
  const now = deps.now ?? (() => new Date());

  function stateOf(row: ExportWithJob): ExportState {
    // A job that failed for good fails the export; a refusal is recorded on the row itself.
    if ((row.state === 'queued' || row.state === 'preparing') && row.jobState === 'failed') {
      return 'failed';
    }
    return row.state as ExportState;
  }

  function toView(row: ExportWithJob): DataExport {
    const state = stateOf(row);
    return {
      id: row.id,
      kind: row.kind as ExportKind,
      importId: row.importId,
      importFileName: row.importFileName,
      state,
      progressDone: state === 'queued' ? 0 : (row.jobProgressDone ?? 0),
      progressTotal: row.jobProgressTotal,
      files:
        state === 'ready'
          ? storedFiles(row.files).map(({ name, contentType, size, sha256 }) => ({
              name,
              contentType,
              size,
              sha256,
            }))
          : [],
      error:
        state === 'failed'
          ? (row.error ?? row.jobLastError ?? 'The export could not be made.')
          : null,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    };
  }

  /** Writes the stream to the file store, hashing and counting what it writes. */
  async function store(
    key: string,
    source: Readable,
    onBytes?: (size: number) => void,
  ): Promise<{ size: number; sha256: string }> {
    const counter = hashingCounter(onBytes);
    // Its errors reach us through put; without a listener of its own, one raised before put
    // has attached its own would crash the process.
    counter.stream.on('error', () => undefined);
    source.on('error', (error) => counter.stream.destroy(error));
    source.pipe(counter.stream);
    try {
      await fileStore.put(key, counter.stream);
    } catch (error) {
      source.destroy();
      throw error;
    }
    return counter.result();
  }

  /** Every report the person may read, as the reports service gives it to them (ADR 022). */
  async function readableReports(person: UserRow): Promise<BundleReport[]> {
    const accounts = await deps.orders.listCoupleAccounts(person.id);
    const orders = await deps.orders.listIndividualOrders(person.id);
    const summaries = await deps.reportsRepository.latestSummaries({
      coupleAccountIds: accounts.map((account) => account.id),
      individualOrderIds: orders.map((order) => order.id),
    });
    const reports: BundleReport[] = [];
    for (const summary of summaries) {
      const { report } = await deps.reports.read(person, summary.id, undefined);
      const account = accounts.find((entry) => entry.id === summary.coupleAccountId);
      reports.push({
        labReportId: report.labReportId,
        version: report.version,
        receivedAt: report.receivedAt,
        content: report.content,
        ...(account === undefined
          ? {}
          : { readerRole: account.mother === person.id ? 'mother' : 'father' }),
      });
    }
    return reports;
  }

  async function writeBundle(
    row: ExportWithJob,
    generatedAt: Date,
    context: JobContext<ExportJobPayload>,
  ): Promise<StoredExportFile> {
    const person = await deps.findUser(row.userId);
    if (person === null) throw new Refusal(409, 'The account no longer exists.');
    const reports = await readableReports(person);
    context.progress(0, reports.length + 1);
    const bundle = buildFhirBundle({
      patient: person,
      reports,
      surveyResponse: await deps.surveyResponseOf(person),
      generatedAt,
    });
    context.signal.throwIfAborted();
    const name = `fhir-bundle-${generatedAt.toISOString().slice(0, 10)}.json`;
    const key = `${exportFolder(row.userId, row.id)}${name}`;
    const body = Buffer.from(`${JSON.stringify(bundle, null, 2)}\n`);
    const written = await store(key, Readable.from([body]));
    context.progress(reports.length + 1, reports.length + 1);
    return { name, contentType: 'application/fhir+json', key, ...written };
  }

  /** The archive's ZIP, as the reports and documents services let the person read them. */
  async function writeArchive(
    row: ExportWithJob,
    context: JobContext<ExportJobPayload>,
  ): Promise<StoredExportFile> {
    const person = await deps.findUser(row.userId);
    if (person === null) throw new Refusal(409, 'The account no longer exists.');
    const { fileName, stream } = await deps.archiveOf(person);
    context.signal.addEventListener('abort', () => stream.destroy(context.signal.reason as Error));
    const key = `${exportFolder(row.userId, row.id)}${fileName}`;
    // The ZIP's size is known only at its end: progress counts the bytes written so far.
    const written = await store(key, stream, (bytes) => {
      context.progress(bytes, null);
    });
    return { name: fileName, contentType: 'application/zip', key, ...written };
  }

  /**
   * An import's genotypes as a 23andMe-format text file, or as a BGZF-compressed VCF with its
   * tabix index (`.tbi`) beside it, so that bcftools and tabix read a region without reading
   * the whole file. The index is left out when the rows are not sorted, which tabix requires.
   */
  async function writeGenotypes(
    row: ExportWithJob,
    generatedAt: Date,
    context: JobContext<ExportJobPayload>,
  ): Promise<StoredExportFile[]> {
    const source = row.importId === null ? null : await imports.findById(row.importId);
    if (source?.state !== 'done' || source.genotypesKey === null || source.summary === null) {
      throw new Refusal(409, EXPORT_IMPORT_GONE);
    }
    const summary = importSummarySchema.parse(source.summary);
    const vcf = row.kind === 'genotypes-vcf';
    if (vcf && summary.format !== 'vcf') throw new Refusal(409, EXPORT_VCF_NEEDS_VCF);

    const stored = await fileStore.get(source.genotypesKey).catch((error: unknown) => {
      throw error instanceof FileNotFoundError ? new Refusal(409, EXPORT_IMPORT_GONE) : error;
    });
    let header: VcfHeaderLines | null = null;
    const options = {
      build: summary.build,
      productName: deps.productName,
      generatedAt,
      onRows: (rows: number) => {
        context.progress(rows, summary.variants);
      },
      vcfHeader: () => header,
    };
    const rows = storedGenotypeBatches(stored, source.genotypesKey, context.signal, (found) => {
      header = found;
    });
    const day = generatedAt.toISOString().slice(0, 10);
    const name = `genotypes-${summary.build}-${day}${vcf ? '.vcf.gz' : '.txt'}`;
    const key = `${exportFolder(row.userId, row.id)}${name}`;
    try {
      if (!vcf) {
        const text = write23andMe(rows, options);
        const written = await store(key, Readable.from(text, { objectMode: false }));
        return [{ name, contentType: 'text/plain; charset=utf-8', key, ...written }];
      }
      const bgzf = new BgzfWriter();
      const index = new TabixIndex();
      const body = bgzf.compress(indexVcfLines(writeVcf(rows, options), index));
      const written = await store(key, Readable.from(body, { objectMode: false }));
      const files: StoredExportFile[] = [
        { name, contentType: 'application/gzip', key, ...written },
      ];
      if (!index.indexable) {
        context.log.warn({ exportId: row.id }, 'VCF export rows are not sorted: no tabix index');
        return files;
      }
      const tbi = index.bytes((offset) => bgzf.virtualOffset(offset));
      const tbiWritten = await store(
        `${key}.tbi`,
        Readable.from(new BgzfWriter().compress([tbi]), { objectMode: false }),
      );
      files.push({
        name: `${name}.tbi`,
        contentType: 'application/octet-stream',
        key: `${key}.tbi`,
        ...tbiWritten,
      });
      return files;
    } finally {
      stored.destroy();
    }
  }

  return {
    async list(userId: string): Promise<DataExport[]> {
      return (await repository.listForUser(userId)).map(toView);
    },

    /** Checks what is asked for, records the export and queues the job that makes it. */
    async create(person: UserRow, request: ExportRequest): Promise<DataExport> {
      let importId: string | null = null;
      if (isGenotypeExport(request.kind)) {
        if (request.importId === undefined) throw new Refusal(400, EXPORT_NEEDS_IMPORT);
        const source = await imports.findForUser(request.importId, person.id);
        if (source === null) throw new Refusal(404, IMPORT_NOT_FOUND);
        if (source.state !== 'done' || source.summary === null) {
          throw new Refusal(409, EXPORT_IMPORT_NOT_READY);
        }
        const format = importSummarySchema.parse(source.summary).format;
        if (request.kind === 'genotypes-vcf' && format !== 'vcf') {
          throw new Refusal(409, EXPORT_VCF_NEEDS_VCF);
        }
        importId = source.id;
      }
      if ((await repository.countUnfinished(person.id)) >= MAX_UNFINISHED_EXPORTS) {
        throw new Refusal(409, TOO_MANY_EXPORTS);
      }
      const id = randomUUID();
      await repository.insert({ id, userId: person.id, kind: request.kind, importId });
      const job = await jobs.enqueue({
        kind: EXPORT_JOB_KIND,
        payload: { exportId: id } satisfies ExportJobPayload,
        userId: person.id,
        maxAttempts: 3,
      });
      await repository.setJob(id, job.id);
      const row = await repository.findWithJob(id, person.id);
      if (row === null) throw new Refusal(404, EXPORT_NOT_FOUND);
      return toView(row);
    },

    /**
     * A raw genome file the lab delivers for the person (lab API), kept as a ready export of
     * kind 'raw-genome', so that it lists, downloads and resumes like any export. The body is
     * streamed to the file store, hashed on the way; a body that is not a VCF (plain, or gzip
     * or bgzip by its first bytes) or is too large is refused and nothing is kept.
     */
    async attachRawGenome(
      userId: string,
      fileName: string,
      body: Readable,
    ): Promise<{ id: string; size: number; sha256: string }> {
      const id = randomUUID();
      const key = `${exportFolder(userId, id)}${fileName}`;
      const gzip = fileName.endsWith('.gz');
      let checked = false;
      let seen = 0;
      const check = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          seen += chunk.length;
          if (seen > RAW_GENOME_MAX_BYTES) {
            callback(new Refusal(400, RAW_GENOME_TOO_LARGE));
            return;
          }
          if (!checked) {
            checked = true;
            const looksRight = gzip
              ? chunk[0] === 0x1f && chunk[1] === 0x8b
              : chunk.subarray(0, 16).toString('latin1') === '##fileformat=VCF';
            if (!looksRight) {
              callback(new Refusal(400, RAW_GENOME_NOT_VCF));
              return;
            }
          }
          callback(null, chunk);
        },
      });
      body.on('error', (error) => check.destroy(error));
      body.pipe(check);
      let written: { size: number; sha256: string };
      try {
        written = await store(key, check);
      } catch (error) {
        await fileStore.deleteByPrefix(exportFolder(userId, id));
        throw error;
      }
      if (written.size === 0) {
        await fileStore.deleteByPrefix(exportFolder(userId, id));
        throw new Refusal(400, RAW_GENOME_NOT_VCF);
      }
      await repository.insert({ id, userId, kind: 'raw-genome', importId: null });
      await repository.markReady(id, [
        {
          name: fileName,
          contentType: gzip ? 'application/gzip' : 'text/plain; charset=utf-8',
          key,
          ...written,
        },
      ]);
      return { id, ...written };
    },

    /** Deletes the export and its files. A job still running removes what it wrote itself. */
    async remove(userId: string, id: string): Promise<void> {
      const row = await repository.findForUser(id, userId);
      if (row === null) throw new Refusal(404, EXPORT_NOT_FOUND);
      await repository.delete(id);
      await fileStore.deleteByPrefix(exportFolder(userId, id));
    },

    /** A download link for one file of the person's finished export. */
    async link(userId: string, id: string, name: string): Promise<ExportLink> {
      const row = await repository.findForUser(id, userId);
      if (row === null) throw new Refusal(404, EXPORT_NOT_FOUND);
      if (row.state !== 'ready' || !storedFiles(row.files).some((file) => file.name === name)) {
        throw new Refusal(404, EXPORT_FILE_NOT_FOUND);
      }
      const expires = Math.floor(now().getTime() / 1000) + EXPORT_LINK_MINUTES * 60;
      const signature = exportLinkSignature(deps.secret, id, name, expires);
      const query = new URLSearchParams({ expires: String(expires), signature });
      return {
        url: `/api/my-data/exports/${encodeURIComponent(id)}/files/${encodeURIComponent(name)}?${query.toString()}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },

    /** The file a link names: 403 for a wrong or expired signature, 404 for no such file. */
    async verifiedFile(
      id: string,
      name: string,
      expires: string,
      signature: string,
    ): Promise<StoredExportFile> {
      const at = /^\d{1,12}$/.test(expires) ? Number(expires) : -1;
      const expected = Buffer.from(exportLinkSignature(deps.secret, id, name, at));
      const given = Buffer.from(signature);
      const valid = at >= 0 && given.length === expected.length && timingSafeEqual(given, expected);
      if (!valid || at * 1000 < now().getTime()) throw new Refusal(403, EXPORT_LINK_INVALID);
      const row = await repository.findById(id);
      const file =
        row?.state === 'ready'
          ? storedFiles(row.files).find((entry) => entry.name === name)
          : undefined;
      if (file === undefined) throw new Refusal(404, EXPORT_FILE_NOT_FOUND);
      return file;
    },

    /**
     * The job: writes the export's file under its folder, hashing it on the way. A refusal
     * (the import was deleted) is the person's answer and ends the job; other errors are
     * retried. Each attempt starts from an empty folder, so a retry replaces what an earlier
     * one wrote.
     */
    async runExportJob(context: JobContext<ExportJobPayload>): Promise<unknown> {
      const { exportId } = context.payload;
      const found = await repository.findById(exportId);
      if (found === null || !(await repository.markPreparing(exportId))) {
        return { skipped: 'The export was deleted before it was made.' };
      }
      const row = await repository.findWithJob(exportId, found.userId);
      if (row === null) return { skipped: 'The export was deleted before it was made.' };
      const folder = exportFolder(row.userId, exportId);
      await fileStore.deleteByPrefix(folder);
      const generatedAt = now();
      let files: StoredExportFile[];
      try {
        files =
          row.kind === 'fhir-bundle'
            ? [await writeBundle(row, generatedAt, context)]
            : row.kind === 'reports-archive'
              ? [await writeArchive(row, context)]
              : await writeGenotypes(row, generatedAt, context);
      } catch (error) {
        await fileStore.deleteByPrefix(folder);
        // A refusal is the person's answer, not a failure to retry: the export fails with it.
        if (error instanceof Refusal) {
          await repository.markFailed(exportId, error.message);
          return { refused: error.message };
        }
        throw error;
      }
      if (!(await repository.markReady(exportId, files))) {
        await fileStore.deleteByPrefix(folder);
        return { skipped: 'The export was deleted while it was made.' };
      }
      const size = files.reduce((sum, file) => sum + file.size, 0);
      context.log.info({ exportId, kind: row.kind, size }, 'Data export ready');
      return { files: files.length, size };
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
