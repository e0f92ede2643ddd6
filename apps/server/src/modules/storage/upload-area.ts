import { createReadStream, mkdirSync } from 'node:fs';
import { access, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore as TusFileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore, KvStore } from '@tus/utils';
import type { Config } from '../../config.ts';
import { FileNotFoundError, type FileStore } from './file-store.ts';
import { s3ClientConfig } from './s3-store.ts';

/** The bytes of one upload request, on their way to the store (a reader may follow them). */
export type WriteTap = (id: string, offset: number, body: Readable) => Readable;

/**
 * Uploads in progress (ADR 024, ADR 048): a folder of this machine by default, the file store's
 * bucket under `uploads/` when S3 is set, so that any replica can take any request of an upload.
 */
export interface UploadArea {
  /** The store tus writes the uploads' bytes to; `tap` sees each request's bytes on the way. */
  tusStore(tap: WriteTap): DataStore;
  /** Bytes received so far, or null when there is no such upload. */
  offset(id: string): Promise<number | null>;
  /** A finished upload's bytes, or null when they are not here (kept already, or removed). */
  read(id: string): Promise<Readable | null>;
  /** Moves a finished upload's bytes into the file store under `key`; its record stays. */
  keep(id: string, key: string): Promise<void>;
  /** Removes the upload, its bytes and its record; no error when there is none. */
  remove(id: string): Promise<void>;
}

/** Pieces of an upload read at once: fewer, larger reads than the 64 KiB default. */
const READ_CHUNK = 1024 * 1024;
/** Where the bucket keeps uploads in progress: beside the portal's files, never among them. */
export const BUCKET_UPLOAD_PREFIX = 'uploads/';
/**
 * Parts of an upload sent to the bucket at once, across uploads. Each is a temporary file of
 * up to 8 MiB while it is sent (in the system's temporary folder), so this bounds that folder.
 */
const PARTS_AT_ONCE = 4;

/** Bytes of the upload received so far, or null when there is no such upload. */
async function offsetOf(store: DataStore, id: string): Promise<number | null> {
  try {
    return (await store.getUpload(id)).offset;
  } catch {
    return null;
  }
}

export function createUploadArea(
  config: Pick<Config, 'dataDir' | 's3'>,
  fileStore: FileStore,
): UploadArea {
  return config.s3 === null
    ? createFolderUploadArea(path.join(config.dataDir, 'uploads'), fileStore)
    : createBucketUploadArea(config.s3, fileStore);
}

/**
 * tus's file store, without its own directory check: that makes the directory later, in a
 * callback that throws, so an error there (the data directory removed meanwhile) would be an
 * uncaught exception that stops the server. The area makes its folder itself, at start and
 * synchronously. The check is private in the store's types, hence defineProperty.
 */
class FolderStore extends TusFileStore {
  constructor(
    directory: string,
    private readonly tap: WriteTap,
  ) {
    super({ directory });
  }

  override write(readable: IncomingMessage | Readable, id: string, offset: number) {
    return super.write(this.tap(id, offset, readable), id, offset);
  }
}
Object.defineProperty(FolderStore.prototype, 'checkOrCreateDirectory', {
  value: () => undefined,
});

function createFolderUploadArea(directory: string, fileStore: FileStore): UploadArea {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const reader = new FolderStore(directory, (_id, _offset, body) => body);
  const fileOf = (id: string) => path.join(directory, path.basename(id));
  return {
    tusStore: (tap) => new FolderStore(directory, tap),
    offset: (id) => offsetOf(reader, id),
    async read(id) {
      const file = fileOf(id);
      const there = await access(file).then(
        () => true,
        () => false,
      );
      return there ? createReadStream(file, { highWaterMark: READ_CHUNK }) : null;
    },
    async keep(id, key) {
      await fileStore.moveIn(key, fileOf(id));
    },
    async remove(id) {
      // The file may be gone already (kept in the file store): its record beside it goes too.
      await rm(fileOf(id), { force: true });
      await reader.configstore.delete(id).catch(() => undefined);
    },
  };
}

/**
 * No cache of an upload's details between requests: another replica may have written, finished
 * or removed the upload meanwhile, so each request reads them from the bucket.
 */
const noCache: KvStore<never> = {
  get: () => Promise.resolve(undefined),
  set: () => Promise.resolve(),
  delete: () => Promise.resolve(),
  list: () => Promise.resolve([]),
};

/**
 * tus's S3 store, its objects under `uploads/`: it names them by the upload's id alone, so a
 * step at the start of every call of its client puts the prefix before each key.
 */
class BucketStore extends S3Store {
  constructor(
    settings: NonNullable<Config['s3']>,
    private readonly tap: WriteTap,
  ) {
    super({
      s3ClientConfig: { bucket: settings.bucket, ...s3ClientConfig(settings) },
      cache: noCache,
      maxConcurrentPartUploads: PARTS_AT_ONCE,
    });
    this.client.middlewareStack.add(
      (next) => (args) => {
        const input = args.input as {
          Key?: unknown;
          Delete?: { Objects?: { Key?: string }[] };
        };
        const prefixed: Record<string, unknown> = { ...input };
        if (typeof input.Key === 'string') prefixed.Key = BUCKET_UPLOAD_PREFIX + input.Key;
        if (input.Delete?.Objects !== undefined) {
          prefixed.Delete = {
            ...input.Delete,
            Objects: input.Delete.Objects.map((object) => ({
              ...object,
              Key: `${BUCKET_UPLOAD_PREFIX}${object.Key ?? ''}`,
            })),
          };
        }
        return next({ ...args, input: prefixed });
      },
      { step: 'initialize', name: 'uploadsUnderPrefix' },
    );
  }

  override write(readable: IncomingMessage | Readable, id: string, offset: number) {
    return super.write(this.tap(id, offset, readable), id, offset);
  }
}

function createBucketUploadArea(
  settings: NonNullable<Config['s3']>,
  fileStore: FileStore,
): UploadArea {
  const reader = new BucketStore(settings, (_id, _offset, body) => body);
  // The finished upload, and the two small objects tus keeps beside it while it arrives.
  const keyOf = (id: string) => `${BUCKET_UPLOAD_PREFIX}${id}`;
  return {
    tusStore: (tap) => new BucketStore(settings, tap),
    offset: (id) => offsetOf(reader, id),
    async read(id) {
      try {
        return await fileStore.get(keyOf(id));
      } catch (error) {
        if (error instanceof FileNotFoundError) return null;
        throw error;
      }
    },
    async keep(id, key) {
      await fileStore.put(key, await fileStore.get(keyOf(id)));
      await fileStore.delete(keyOf(id));
    },
    async remove(id) {
      // Ends a multipart upload still open (its parts cost storage until then); an upload that
      // finished has none, and tus answers not found.
      await reader.remove(id).catch(() => undefined);
      for (const ending of ['', '.info', '.part']) await fileStore.delete(keyOf(id) + ending);
    },
  };
}
