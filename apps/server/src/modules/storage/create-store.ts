import path from 'node:path';
import type { Config } from '../../config.ts';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-store.ts';
import { createS3FileStore } from './s3-store.ts';

/** The bucket when S3_BUCKET is set, otherwise DATA_DIR/files (ADR 023). */
export function createFileStore(config: Pick<Config, 'dataDir' | 's3'>): FileStore {
  return config.s3 === null
    ? createLocalFileStore(path.join(config.dataDir, 'files'))
    : createS3FileStore(config.s3);
}
