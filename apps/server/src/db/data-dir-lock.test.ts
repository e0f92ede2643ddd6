import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, isProcessAlive } from './data-dir-lock.ts';

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid;
}

describe('the data-directory lock', () => {
  let dataDir: string;
  let lockPath: string;
  const warnings: string[] = [];
  const options = { productName: 'Nestling', warn: (message: string) => warnings.push(message) };

  beforeEach(() => {
    dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'nestling-lock-')), 'data');
    lockPath = path.join(dataDir, 'server.lock');
    warnings.length = 0;
  });
  afterEach(() => {
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('creates the directory and a lock file holding the pid and start time', () => {
    const lock = acquireDataDirLock(dataDir, options);
    const contents = JSON.parse(readFileSync(lockPath, 'utf8')) as Record<string, unknown>;
    expect(contents.pid).toBe(process.pid);
    expect(new Date(String(contents.startedAt)).getTime()).not.toBeNaN();
    lock.release();
    expect(existsSync(lockPath)).toBe(false);
    lock.release();
  });

  it('refuses a directory a running process holds, with a clear message', () => {
    acquireDataDirLock(dataDir, options).release();
    const alivePid = process.ppid;
    writeFileSync(lockPath, JSON.stringify({ pid: alivePid, startedAt: 'earlier' }));
    expect(() => acquireDataDirLock(dataDir, options)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dataDir, options)).toThrow(
      `Another Nestling server (pid ${alivePid}) is using the data directory ${dataDir}. Stop it first, or set DATA_DIR to another directory.`,
    );
    // The other process's lock is left alone.
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toEqual({
      pid: alivePid,
      startedAt: 'earlier',
    });
  });

  it('refuses a second lock in the same process', () => {
    const lock = acquireDataDirLock(dataDir, options);
    try {
      expect(() => acquireDataDirLock(dataDir, options)).toThrow(DataDirLockedError);
    } finally {
      lock.release();
    }
  });

  it('takes over a stale lock, with a warning', () => {
    acquireDataDirLock(dataDir, options).release();
    const pid = deadPid();
    expect(isProcessAlive(pid)).toBe(false);
    writeFileSync(lockPath, JSON.stringify({ pid, startedAt: '2020-01-01T00:00:00.000Z' }));

    const lock = acquireDataDirLock(dataDir, options);
    try {
      expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
      expect(warnings).toEqual([
        expect.stringContaining(`stale lock file ${lockPath} left by pid ${pid}`),
      ]);
    } finally {
      lock.release();
    }
  });

  it('takes over an unreadable lock, and one left by an earlier process with our pid', () => {
    acquireDataDirLock(dataDir, options).release();
    writeFileSync(lockPath, 'garbage');
    acquireDataDirLock(dataDir, options).release();
    writeFileSync(lockPath, JSON.stringify({ pid: process.pid, startedAt: 'before a restart' }));
    acquireDataDirLock(dataDir, options).release();
    expect(warnings).toHaveLength(2);
  });

  it('does not remove a lock that is no longer its own', () => {
    const lock = acquireDataDirLock(dataDir, options);
    writeFileSync(lockPath, JSON.stringify({ pid: 1, startedAt: 'someone else' }));
    lock.release();
    expect(existsSync(lockPath)).toBe(true);
  });
});
