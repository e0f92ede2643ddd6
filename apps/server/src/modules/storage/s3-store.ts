import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import {
  checkKey,
  checkPrefix,
  checkRange,
  FileNotFoundError,
  type ByteRange,
  type FileStore,
} from './file-store.ts';
import { byteCounter } from './local-store.ts';

export type S3Settings = NonNullable<Config['s3']>;

/** Parts of a streamed upload: S3's smallest, so memory stays flat (a few parts at a time). */
const PART_SIZE = 5 * 1024 * 1024;
const UPLOAD_QUEUE = 2;

/** How the portal's S3 clients reach the bucket: the file store's and the uploads' (ADR 048). */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint === null ? {} : { endpoint: settings.endpoint }),
    ...(settings.accessKeyId !== null && settings.secretAccessKey !== null
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
    // Checksums only where S3 requires them: many S3-compatible stores refuse the newer
    // streamed checksum trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Files in an S3-compatible bucket through the official SDK. A write is one PutObject for a
 * small file or a multipart upload for a large one (lib-storage's Upload), which the bucket
 * shows only once it is complete.
 */
export function createS3FileStore(settings: S3Settings): FileStore {
  const client = new S3Client(s3ClientConfig(settings));
  const Bucket = settings.bucket;

  const store: FileStore = {
    async put(key, body: Readable) {
      const Key = checkKey(key);
      const counter = byteCounter();
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: body.pipe(counter.stream) },
        partSize: PART_SIZE,
        queueSize: UPLOAD_QUEUE,
        leavePartsOnError: false,
      });
      body.once('error', (error) => counter.stream.destroy(error));
      await upload.done();
      return { size: counter.size() };
    },

    async moveIn(key, localPath) {
      const written = await store.put(key, createReadStream(localPath));
      await unlink(localPath);
      return written;
    },

    async get(key, range?: ByteRange) {
      checkRange(range);
      const Key = checkKey(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key,
            ...(range === undefined
              ? {}
              : {
                  Range: `bytes=${String(range.start)}-${range.end === undefined ? '' : String(range.end)}`,
                }),
          }),
        );
        if (!(answer.Body instanceof Readable)) throw new Error('The object store sent no body');
        return answer.Body;
      } catch (error) {
        if (isNotFound(error)) throw new FileNotFoundError(key);
        throw error;
      }
    },

    async stat(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return { size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },

    async deleteByPrefix(prefix) {
      const Prefix = checkPrefix(prefix);
      let removed = 0;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }),
        );
        const keys = (page.Contents ?? []).flatMap((object) =>
          object.Key === undefined ? [] : [{ Key: object.Key }],
        );
        if (keys.length > 0) {
          const answer = await client.send(
            new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }),
          );
          if ((answer.Errors ?? []).length > 0) {
            throw new Error(`The object store kept ${String(answer.Errors?.length)} files`);
          }
          removed += keys.length;
        }
        ContinuationToken = page.IsTruncated === true ? page.NextContinuationToken : undefined;
      } while (ContinuationToken !== undefined);
      return removed;
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
  return store;
}
