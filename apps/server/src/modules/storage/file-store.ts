import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';

/**
 * Where the portal keeps files (ADR 023): `DATA_DIR/files` by default, an S3-compatible bucket
 * when S3_BUCKET is set. Keys are relative paths like `users/<id>/imports/<id>.vcf.gz`.
 */
export interface FileStore {
  /** Writes the whole stream under `key`, replacing what was there; readers never see half. */
  put(key: string, body: Readable): Promise<{ size: number }>;
  /**
   * Moves a file of this machine in under `key`, replacing what was there; the file is gone
   * afterwards. A rename when the store is on the same disk, so keeping a large upload costs
   * nothing; otherwise a streamed write, as `put`.
   */
  moveIn(key: string, localPath: string): Promise<{ size: number }>;
  /** The file's bytes, or those from `start` to `end` (inclusive). FileNotFoundError if none. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Its size in bytes, or null when there is no such file. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the file; no error when there is none. */
  delete(key: string): Promise<void>;
  /** Removes every file under a folder (`prefix` ends with '/'); how many were removed. */
  deleteByPrefix(prefix: string): Promise<number>;
  /**
   * Rejects unless the store answers, cheaply (the readiness check, ADR 045): the folder can be
   * read and written, or the bucket answers a HeadBucket.
   */
  check(): Promise<void>;
}

export interface ByteRange {
  start: number;
  /** Inclusive, like HTTP's Range; to the end when not given. */
  end?: number;
}

export class FileNotFoundError extends Error {
  constructor(key: string) {
    super(`No file at ${key}`);
    this.name = 'FileNotFoundError';
  }
}

export class InvalidKeyError extends Error {
  constructor() {
    super('A file key is a relative path of letters, digits, dots, dashes and underscores');
    this.name = 'InvalidKeyError';
  }
}

// No segment may start with a dot: that refuses '.', '..' and hidden names (temporary files).
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 1000;

/** Throws InvalidKeyError unless `key` is a safe relative path; absolute keys are refused. */
export function checkKey(key: string): string {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) throw new InvalidKeyError();
  if (!key.split('/').every((segment) => SEGMENT.test(segment))) throw new InvalidKeyError();
  return key;
}

/** A folder prefix: a safe key followed by '/'. */
export function checkPrefix(prefix: string): string {
  if (!prefix.endsWith('/')) throw new InvalidKeyError();
  checkKey(prefix.slice(0, -1));
  return prefix;
}

export function checkRange(range: ByteRange | undefined): void {
  if (range === undefined) return;
  const { start, end } = range;
  const valid =
    Number.isSafeInteger(start) &&
    start >= 0 &&
    (end === undefined || (Number.isSafeInteger(end) && end >= start));
  if (!valid)
    throw new RangeError('A byte range starts at 0 or later and ends at or after its start');
}

/**
 * A path stored in the database (a document's) as a key of the store, or null when it is not
 * one: the path is the server's own, but it must still be a safe key before it is used.
 */
export function storedKey(storedPath: string): string | null {
  try {
    return checkKey(storedPath);
  } catch (error) {
    if (error instanceof InvalidKeyError) return null;
    throw error;
  }
}

/** A small file's bytes (a PDF the portal made), or null when there is none or no such key. */
export async function readWhole(store: FileStore, storedPath: string): Promise<Buffer | null> {
  const key = storedKey(storedPath);
  if (key === null) return null;
  try {
    return await buffer(await store.get(key));
  } catch (error) {
    if (error instanceof FileNotFoundError) return null;
    throw error;
  }
}
