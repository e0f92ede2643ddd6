import { PassThrough, pipeline, Transform, type Readable } from 'node:stream';
import type { ImportSummary } from '@nestling/shared/contract/my-data';
import { Refusal } from '../../lib/refusal.ts';
import { refused } from './refusals.ts';

/*
 * Reading an upload as it arrives (ADR 024). tus writes an upload's bytes in order, so the
 * read that the import job would make after the last byte can follow the upload instead: each
 * request's bytes go to the disk and, on the way, to the upload's read. When the last byte
 * arrives the file has been read but for its last piece, and the person does not wait for a
 * second pass. It is only a head start: whenever the read cannot be sure it saw exactly the
 * file's bytes (the server restarted, a request came with an offset it did not follow, the
 * upload went quiet), it is dropped and the job reads the file from the disk as before.
 */

export interface LiveResult {
  summary: Omit<ImportSummary, 'sexMatchesProfile'>;
  sha256: string;
}

export type LiveOutcome =
  | ({ kind: 'read' } & LiveResult)
  | { kind: 'refused'; reason: string }
  /** No read followed the whole upload, or it stopped: the job reads the file. */
  | { kind: 'none' };

/** Reads a whole file from its bytes, as the job does; rejects with a refusal (`refused`). */
export type ReadFile = (
  input: Readable,
  fileName: string,
  signal: AbortSignal,
) => Promise<LiveResult>;

interface LiveRead {
  /** Bytes handed to the read: the upload's offset when the read has followed every request. */
  received: number;
  readonly input: PassThrough;
  readonly outcome: Promise<LiveOutcome>;
  readonly stop: AbortController;
  /** How the read ended, once it has. */
  ended: LiveOutcome | null;
  idle: NodeJS.Timeout;
}

/** An upload that sends nothing for this long is read by the job when it ends, if it does. */
const IDLE_MS = 10 * 60 * 1000;
/** The bytes the read may fall behind the disk before the upload waits for it. */
const READ_AHEAD = 1024 * 1024;

const NONE: LiveOutcome = { kind: 'none' };

export class LiveReads {
  private readonly reads = new Map<string, LiveRead>();

  /**
   * `onRefused`: the read refused the file before the upload ended (a PDF named `.txt`, a gzip
   * bomb), so that the person hears it now and need not send the rest.
   */
  constructor(
    private readonly readFile: ReadFile,
    private readonly onRefused: (id: string, reason: string) => void = () => undefined,
  ) {}

  /** A new upload: its read begins, waiting for the first bytes. */
  start(id: string, fileName: string): void {
    this.drop(id);
    const input = new PassThrough({ highWaterMark: READ_AHEAD });
    // Errors reach the read through its iterator; none may go unhandled here.
    input.on('error', () => undefined);
    const stop = new AbortController();
    const outcome = this.readFile(input, fileName, stop.signal).then(
      (result): LiveOutcome => ({ kind: 'read', ...result }),
      (error: unknown): LiveOutcome =>
        error instanceof Refusal && !stop.signal.aborted
          ? { kind: 'refused', reason: error.message }
          : NONE,
    );
    const read: LiveRead = {
      received: 0,
      input,
      outcome,
      stop,
      ended: null,
      idle: this.idleTimer(id),
    };
    void outcome.then((ended) => {
      read.ended = ended;
      // Nothing reads the input any more: a request waiting for it to drain goes on (a read
      // that refused the file stopped reading it mid-request, and that request waited forever).
      input.destroy();
      if (ended.kind === 'refused' && this.reads.get(id) === read) {
        this.onRefused(id, ended.reason);
      }
    });
    this.reads.set(id, read);
  }

  /**
   * The bytes of one request, written from `offset`: answers the stream the upload area should
   * write, which hands every chunk to the upload's read on the way (waiting for the read when it
   * is a megabyte behind, so memory stays flat). A request at another offset than the read has
   * reached drops the read. Once the read has refused the file, the stream fails with the
   * refusal (`refused`): the rest of the request is neither read nor kept.
   */
  tap(id: string, offset: number, body: Readable): Readable {
    const read = this.reads.get(id);
    if (read === undefined) return body;
    if (offset !== read.received) {
      this.drop(id);
      return body;
    }
    read.idle.refresh();
    const refusal = () => (read.ended?.kind === 'refused' ? refused(read.ended.reason) : null);
    const forward = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        const refused = refusal();
        if (refused !== null) {
          callback(refused);
          return;
        }
        read.received += chunk.length;
        const { input } = read;
        // A read that has ended (a refusal comes before the end) only counts what follows.
        if (read.ended !== null || input.destroyed || input.write(chunk)) {
          callback(null, chunk);
          return;
        }
        const go = () => {
          input.off('drain', go);
          input.off('close', go);
          callback(refusal(), chunk);
        };
        input.on('drain', go);
        input.on('close', go);
      },
    });
    pipeline(body, forward, () => undefined);
    return forward;
  }

  /**
   * The last byte of `size` arrived: the read's outcome, once it has read to the end; 'none'
   * when no read followed every byte.
   */
  async finish(id: string, size: number): Promise<LiveOutcome> {
    const read = this.reads.get(id);
    if (read === undefined) return NONE;
    this.reads.delete(id);
    clearTimeout(read.idle);
    if (read.received !== size) {
      read.stop.abort();
      return NONE;
    }
    read.input.end();
    return read.outcome;
  }

  /** The reason the upload's read refused the file, when it has. */
  refusal(id: string): string | null {
    const ended = this.reads.get(id)?.ended;
    return ended?.kind === 'refused' ? ended.reason : null;
  }

  /** Stops the upload's read, if it has one (a deleted upload, or one it lost track of). */
  drop(id: string): void {
    const read = this.reads.get(id);
    if (read === undefined) return;
    this.reads.delete(id);
    clearTimeout(read.idle);
    read.stop.abort();
  }

  /** Stops every read: the server is closing. */
  dropAll(): void {
    for (const id of [...this.reads.keys()]) this.drop(id);
  }

  private idleTimer(id: string): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.drop(id);
    }, IDLE_MS);
    timer.unref();
    return timer;
  }
}
