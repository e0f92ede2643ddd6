import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/*
 * PGlite has no lock of its own: two processes on one directory corrupt it. The server holds
 * `${DATA_DIR}/server.lock`, created exclusively, for as long as the embedded database is open.
 */

export const LOCK_FILE_NAME = 'server.lock';

export class DataDirLockedError extends Error {
  constructor(
    public readonly pid: number,
    dataDir: string,
    productName: string,
  ) {
    super(
      `Another ${productName} server (pid ${pid}) is using the data directory ${displayPath(dataDir)}. ` +
        'Stop it first, or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

interface LockContents {
  pid: number;
  startedAt: string;
}

export interface AcquireLockOptions {
  productName: string;
  warn: (message: string) => void;
}

// Locks this process holds, so that opening the same directory twice in one process is refused
// rather than mistaken for a stale lock left by an earlier process with our pid.
const heldLocks = new Set<string>();

export function acquireDataDirLock(dataDir: string, options: AcquireLockOptions): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  if (heldLocks.has(lockPath))
    throw new DataDirLockedError(process.pid, dataDir, options.productName);

  const contents: LockContents = { pid: process.pid, startedAt: new Date().toISOString() };
  const text = `${JSON.stringify(contents)}\n`;

  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      try {
        writeSync(fd, text);
      } finally {
        closeSync(fd);
      }
      return holdLock(lockPath, text);
    } catch (error) {
      if (!isErrorCode(error, 'EEXIST')) throw error;
    }

    const existing = readLock(lockPath);
    if (existing === 'gone') continue;
    if (existing !== null && existing.pid !== process.pid && isProcessAlive(existing.pid)) {
      throw new DataDirLockedError(existing.pid, dataDir, options.productName);
    }
    options.warn(
      existing === null
        ? `Taking over an unreadable lock file ${lockPath}`
        : `Taking over a stale lock file ${lockPath} left by pid ${existing.pid} (started ${existing.startedAt}), which is no longer running`,
    );
    removeFile(lockPath);
  }
  throw new Error(`Could not create the lock file ${lockPath}`);
}

function holdLock(lockPath: string, text: string): DataDirLock {
  heldLocks.add(lockPath);
  const releaseOnExit = () => {
    release();
  };
  function release() {
    if (!heldLocks.delete(lockPath)) return;
    process.off('exit', releaseOnExit);
    // Only remove the file if it is still ours.
    try {
      if (readFileSync(lockPath, 'utf8') === text) unlinkSync(lockPath);
    } catch (error) {
      if (!isErrorCode(error, 'ENOENT')) throw error;
    }
  }
  // A crash still removes the lock; a kill -9 leaves it, and the next start takes it over.
  process.on('exit', releaseOnExit);
  return { path: lockPath, release };
}

/** The lock's contents, null when unreadable, 'gone' when it disappeared meanwhile. */
function readLock(lockPath: string): LockContents | null | 'gone' {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch (error) {
    if (isErrorCode(error, 'ENOENT')) return 'gone';
    throw error;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'pid' in parsed &&
      typeof parsed.pid === 'number' &&
      Number.isInteger(parsed.pid) &&
      parsed.pid > 0
    ) {
      const startedAt = 'startedAt' in parsed ? String(parsed.startedAt) : 'at an unknown time';
      return { pid: parsed.pid, startedAt };
    }
  } catch {
    // An unreadable lock is treated like a stale one.
  }
  return null;
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return isErrorCode(error, 'EPERM');
  }
}

function removeFile(filePath: string) {
  try {
    unlinkSync(filePath);
  } catch (error) {
    if (!isErrorCode(error, 'ENOENT')) throw error;
  }
}

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

/** `./data` for a directory under the current one, the absolute path otherwise. */
function displayPath(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  if (relative === '') return '.';
  if (relative.startsWith('..') || path.isAbsolute(relative)) return dir;
  return `./${relative}`;
}
