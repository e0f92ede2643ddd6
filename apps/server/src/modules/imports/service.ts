import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { GenotypeImport, ImportState, ImportSummary } from '@nestling/shared/contract/my-data';
import { importFileEnding, importSummarySchema } from '@nestling/shared/contract/my-data';
import { FileNotFoundError, type FileStore, type UploadArea } from '../storage/index.ts';
import type { JobContext, JobQueue } from '../jobs/index.ts';
import { readGenotypes } from './genotype-reader.ts';
import type { LiveReads, LiveResult } from './live-reads.ts';
import type { ImportsRepository, ImportRow, ImportWithJob } from './repository.ts';
import { Refusal } from '../../lib/refusal.ts';

export const IMPORT_JOB_KIND = 'genotype-import';

export const IMPORT_NOT_FOUND = 'Import not found';

export interface ImportJobPayload {
  importId: string;
}

/** Where a person's import keeps its files in the file store: one folder, removed whole. */
export function importFolder(userId: string, importId: string): string {
  return `users/${userId}/imports/${importId}/`;
}

/**
 * The stored genotypes: the uploaded file itself, as it came (compressed or not), named with
 * its ending so that it reads back as it was read (ADR 024). Imports made before kept
 * `genotypes.tsv.gz` instead, which the exports still read.
 */
export function genotypesKey(userId: string, importId: string, fileName: string): string {
  const ending = importFileEnding(fileName);
  if (ending === null) throw new Error('An import’s file name has an ending it was accepted with');
  return `${importFolder(userId, importId)}genotypes${ending}`;
}

function sexMatches(
  implied: ImportSummary['impliedSex'],
  profileSex: string | null,
): boolean | null {
  if (implied === null || profileSex === null) return null;
  const profile = profileSex.toLowerCase();
  if (profile !== 'female' && profile !== 'male') return null;
  return profile === implied;
}

export const UPLOAD_GONE = 'The uploaded file is no longer on the server.';

/** Counts and hashes the bytes as they pass, so the file is read once. */
function hashingCounter(onBytes: (total: number) => void) {
  const hash = createHash('sha256');
  let total = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      total += chunk.length;
      onBytes(total);
      callback(null, chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

/**
 * Reads an import's file once: what readGenotypes finds, and the SHA-256 of the bytes as they
 * came (shown to the person, to compare with their copy). Rejects as readGenotypes does.
 */
export async function readImportFile(
  input: Readable,
  fileName: string,
  signal: AbortSignal,
  onBytes: (total: number) => void = () => undefined,
): Promise<LiveResult> {
  const counter = hashingCounter(onBytes);
  input.on('error', (error) => counter.stream.destroy(error));
  input.pipe(counter.stream);
  const summary = await readGenotypes(counter.stream, { fileName, signal });
  return { summary, sha256: counter.digest() };
}

/** What an import's reading ended in, for the job's result. */
type Ending = { variants: number } | { refused: string } | { skipped: string };

export function createImportsService(deps: {
  repository: ImportsRepository;
  fileStore: FileStore;
  uploads: UploadArea;
  jobs: JobQueue;
  /** The reads that follow uploads as they arrive (ADR 024). */
  liveReads: Pick<LiveReads, 'finish' | 'drop'>;
  /** The sex on the person's profile ('Female', 'Male'), or null. */
  profileSex: (userId: string) => Promise<string | null>;
  log: {
    info: (details: object, message: string) => void;
    warn: (details: object, message: string) => void;
  };
}) {
  const { repository, fileStore, uploads, jobs, liveReads } = deps;

  function stateOf(row: ImportWithJob): ImportState {
    // A job that failed for good (the server could not read the file, every attempt) fails the
    // import; a refusal is recorded on the row by the handler itself.
    if ((row.state === 'queued' || row.state === 'importing') && row.jobState === 'failed') {
      return 'failed';
    }
    return row.state as ImportState;
  }

  async function toView(row: ImportWithJob): Promise<GenotypeImport> {
    const state = stateOf(row);
    let progressDone = 0;
    let progressTotal: number | null = row.size;
    if (state === 'uploading') {
      progressDone = (await uploads.offset(row.id)) ?? 0;
    } else if (state === 'importing') {
      progressDone = row.jobProgressDone ?? 0;
      progressTotal = row.jobProgressTotal ?? row.size;
    } else if (state === 'done') {
      progressDone = row.size;
    }
    const summary = row.summary === null ? null : importSummarySchema.parse(row.summary);
    return {
      id: row.id,
      fileName: row.fileName,
      size: row.size,
      state,
      progressDone,
      progressTotal,
      summary,
      sha256: row.sha256,
      error:
        state === 'failed'
          ? (row.error ?? row.jobLastError ?? 'The file could not be read.')
          : null,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    };
  }

  /** The job may start before this returns: the row is queued already. */
  async function queueJob(importId: string, userId: string): Promise<void> {
    const job = await jobs.enqueue({
      kind: IMPORT_JOB_KIND,
      payload: { importId } satisfies ImportJobPayload,
      userId,
      maxAttempts: 3,
    });
    await repository.setJob(importId, job.id);
  }

  return {
    async list(userId: string): Promise<GenotypeImport[]> {
      return Promise.all((await repository.listForUser(userId)).map(toView));
    },

    /**
     * Makes the job of every import that waits for one that was never made: every byte arrived,
     * or the import was queued, but the server stopped before its job existed. Run when the
     * server starts; at worst a job runs twice, which replaces what it wrote. Answers how many.
     */
    async queueStalled(): Promise<number> {
      let queued = 0;
      for (const row of await repository.listUnqueued()) {
        if (row.state === 'queued') {
          await queueJob(row.id, row.userId);
          queued += 1;
        } else if ((await uploads.offset(row.id)) === row.size) {
          await this.uploadFinished(row.id);
          queued += 1;
        }
      }
      return queued;
    },

    async get(userId: string, id: string): Promise<GenotypeImport> {
      const row = await repository.findWithJob(id, userId);
      if (row === null) throw new Refusal(404, IMPORT_NOT_FOUND);
      return toView(row);
    },

    /**
     * The last byte arrived. When the upload's read followed every byte, its outcome is kept
     * (or its refusal recorded) at once; otherwise, or when keeping it fails, the job reads the
     * file. The import is queued first, so that a server stopping here leaves it to
     * queueStalled.
     */
    async uploadFinished(id: string): Promise<void> {
      const row = await repository.findById(id);
      if (row === null || !(await repository.markQueued(id))) {
        // Deleted, or refused while it arrived.
        if (row?.state === 'failed') await discardUpload(id);
        liveReads.drop(id);
        return;
      }
      const outcome = await liveReads.finish(id, row.size);
      try {
        if (outcome.kind === 'read') {
          await keep(row, outcome, true);
          return;
        }
        if (outcome.kind === 'refused') {
          await refuse(row, outcome.reason);
          return;
        }
      } catch (error) {
        deps.log.warn(
          { importId: id, error },
          'Keeping a read upload failed: a job reads it again',
        );
      }
      await queueJob(id, row.userId);
    },

    /**
     * The upload's read refused the file before the upload ended: its bytes go first (a request
     * still bringing more writes them to a removed file), then the import fails with the
     * reason, and later requests are refused with it. When the last byte came meanwhile,
     * uploadFinished records the refusal instead, from the read's outcome.
     */
    async refusedWhileUploading(id: string, reason: string): Promise<void> {
      if ((await repository.findById(id))?.state !== 'uploading') return;
      await uploads.remove(id);
      await repository.markRefusedWhileUploading(id, reason);
    },

    /**
     * Deletes the import, its upload and every file it wrote. A job still running finds the
     * row gone and removes what it wrote itself.
     */
    async remove(userId: string, id: string): Promise<void> {
      const row = await repository.findForUser(id, userId);
      if (row === null) throw new Refusal(404, IMPORT_NOT_FOUND);
      liveReads.drop(id);
      await repository.delete(id);
      await uploads.remove(id);
      await fileStore.deleteByPrefix(importFolder(userId, id));
    },

    /**
     * The job: reads the uploaded file once (format, build, counts, sex; SHA-256 of the bytes)
     * and keeps it as the stored genotypes, moved into the file store as it is: nothing is
     * written but the summary. A refusal is the person's answer, not a failure to retry: the
     * import is marked failed with the reason and the job ends. An attempt after a crash reads
     * the upload again, or, when an earlier attempt had moved it in already, the stored file.
     */
    async runImportJob(context: JobContext<ImportJobPayload>): Promise<Ending> {
      const { importId } = context.payload;
      const row = await repository.findById(importId);
      if (row === null || !(await repository.markImporting(importId))) {
        return { skipped: 'The import was deleted before it was read.' };
      }
      const key = genotypesKey(row.userId, importId, row.fileName);
      let source = await uploads.read(importId);
      const fromUpload = source !== null;
      if (source === null) {
        try {
          source = await fileStore.get(key);
        } catch (error) {
          if (error instanceof FileNotFoundError) throw new Error(UPLOAD_GONE, { cause: error });
          throw error;
        }
      }
      let result: LiveResult;
      try {
        result = await readImportFile(source, row.fileName, context.signal, (bytes) => {
          context.progress(bytes, row.size);
        });
      } catch (error) {
        if (error instanceof Refusal) return await refuse(row, error.message);
        throw error;
      } finally {
        source.destroy();
      }
      return keep(row, result, fromUpload);
    },
  };

  /** An upload that will not be read: its bytes, and its read. */
  async function discardUpload(id: string): Promise<void> {
    liveReads.drop(id);
    await uploads.remove(id);
  }

  /**
   * A refusal is the person's answer, not a failure to retry: the import is marked failed with
   * the reason. The upload goes first: once the person sees the refusal, nothing of the file is
   * left.
   */
  async function refuse(row: ImportRow, reason: string): Promise<Ending> {
    await uploads.remove(row.id);
    await fileStore.delete(genotypesKey(row.userId, row.id, row.fileName));
    await repository.markFailed(row.id, reason, null);
    return { refused: reason };
  }

  /**
   * Keeps a file that was read whole: the upload (when it is still in the upload area) is moved
   * into the file store as it is, then the import is recorded as done with its summary. Nothing
   * is left of an import deleted meanwhile.
   */
  async function keep(row: ImportRow, result: LiveResult, fromUpload: boolean): Promise<Ending> {
    const key = genotypesKey(row.userId, row.id, row.fileName);
    const deleted = async (): Promise<Ending> => {
      await fileStore.deleteByPrefix(importFolder(row.userId, row.id));
      return { skipped: 'The import was deleted while it was read.' };
    };
    if (fromUpload) {
      try {
        await uploads.keep(row.id, key);
      } catch (error) {
        // Deleted while it was read: the upload went with it.
        if ((await repository.findById(row.id)) === null) return deleted();
        throw error;
      }
    }
    const { summary, sha256 } = result;
    const full: ImportSummary = {
      ...summary,
      sexMatchesProfile: sexMatches(summary.impliedSex, await deps.profileSex(row.userId)),
    };
    if (!(await repository.markDone(row.id, { summary: full, sha256, genotypesKey: key }))) {
      return deleted();
    }
    // The upload's own record (its file was moved); after the import is recorded as done.
    await uploads.remove(row.id);
    deps.log.info({ importId: row.id, variants: full.variants }, 'Genotype import done');
    return { variants: full.variants };
  }
}

export type ImportsService = ReturnType<typeof createImportsService>;
