import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkKey,
  checkPrefix,
  checkRange,
  FileNotFoundError,
  type ByteRange,
  type FileStore,
} from './file-store.ts';

/** Counts the bytes that pass. */
export function byteCounter() {
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, size: () => size };
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/**
 * Files under one folder (DATA_DIR/files). A write goes to a temporary file in `.tmp` and is
 * renamed into place, so a reader sees the old file or the whole new one, and a crash leaves
 * only a temporary file behind. Keys are checked before they become paths: no '..', no
 * absolute paths, no hidden names.
 */
export function createLocalFileStore(root: string): FileStore {
  const base = path.resolve(root);
  const tmpDir = path.join(base, '.tmp');
  const pathOf = (key: string) => {
    const full = path.resolve(base, checkKey(key));
    // Belt and braces: checkKey already refuses anything that could leave the root.
    if (!full.startsWith(base + path.sep)) throw new Error('A key left the file store');
    return full;
  };

  const store: FileStore = {
    async put(key, body: Readable) {
      const target = pathOf(key);
      await mkdir(tmpDir, { recursive: true });
      await mkdir(path.dirname(target), { recursive: true });
      const temp = path.join(tmpDir, `${randomUUID()}.part`);
      const counter = byteCounter();
      try {
        await pipeline(body, counter.stream, createWriteStream(temp, { flags: 'wx' }));
        await rename(temp, target);
      } catch (error) {
        await unlink(temp).catch(() => undefined);
        throw error;
      }
      return { size: counter.size() };
    },

    async moveIn(key, localPath) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(localPath, target);
      } catch (error) {
        // Another disk (the upload area mounted elsewhere): copied, then removed.
        if ((error as NodeJS.ErrnoException | null)?.code !== 'EXDEV') throw error;
        const written = await store.put(key, createReadStream(localPath));
        await unlink(localPath);
        return written;
      }
      return { size: (await stat(target)).size };
    },

    async get(key, range?: ByteRange) {
      checkRange(range);
      const full = pathOf(key);
      try {
        await stat(full);
      } catch (error) {
        if (isMissing(error)) throw new FileNotFoundError(key);
        throw error;
      }
      return createReadStream(full, range === undefined ? {} : { ...range });
    },

    async stat(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? { size: info.size } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      try {
        await unlink(pathOf(key));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async deleteByPrefix(prefix) {
      const folder = pathOf(checkPrefix(prefix).slice(0, -1));
      let entries: string[];
      try {
        entries = await readdir(folder, { recursive: true });
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      let files = 0;
      for (const entry of entries) {
        if ((await stat(path.join(folder, entry)).catch(() => null))?.isFile()) files += 1;
      }
      await rm(folder, { recursive: true, force: true });
      return files;
    },

    async check() {
      // The folder exists from the first write on; made here so a new install is ready too.
      await mkdir(base, { recursive: true });
      await access(base, constants.R_OK | constants.W_OK);
    },
  };
  return store;
}
