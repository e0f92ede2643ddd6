import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileNotFoundError, InvalidKeyError, type FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-store.ts';
import { createS3FileStore } from './s3-store.ts';

/**
 * A stand-in for an S3-compatible service: the calls the S3 store makes, in memory, over real
 * HTTP, so that the SDK's requests and the store's reading of the answers are both exercised.
 */
function fakeS3() {
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, Map<number, Buffer>>();
  const calls: string[] = [];
  let nextUpload = 0;
  const xml = (response: ServerResponse, status: number, body: string) => {
    response.writeHead(status, { 'content-type': 'application/xml' });
    response.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
  };
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const noSuchKey = (response: ServerResponse) => {
    xml(response, 404, '<Error><Code>NoSuchKey</Code><Message>No such key</Message></Error>');
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://s3.test');
    const [, bucket = '', ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const query = url.searchParams;
    const body = await buffer(request);
    const method = request.method ?? 'GET';
    if (bucket !== 'test-bucket') {
      xml(response, 404, '<Error><Code>NoSuchBucket</Code></Error>');
      return;
    }

    if (key === '' && method === 'HEAD') {
      calls.push('HeadBucket');
      response.writeHead(200);
      return response.end();
    }
    if (key === '' && method === 'GET' && query.get('list-type') === '2') {
      calls.push('ListObjectsV2');
      const prefix = query.get('prefix') ?? '';
      const keys = [...objects.keys()].filter((name) => name.startsWith(prefix)).sort();
      // Two keys a page, so that the store must follow continuation tokens.
      // Like S3's, the token is a position in key order: the last key given, not an index.
      const after = query.get('continuation-token');
      const rest = after === null ? keys : keys.filter((name) => name > after);
      const page = rest.slice(0, 2);
      const truncated = rest.length > 2;
      xml(
        response,
        200,
        `<ListBucketResult><Name>test-bucket</Name><Prefix>${escape(prefix)}</Prefix><KeyCount>${String(page.length)}</KeyCount><MaxKeys>2</MaxKeys><IsTruncated>${String(truncated)}</IsTruncated>${truncated ? `<NextContinuationToken>${escape(page.at(-1) ?? '')}</NextContinuationToken>` : ''}${page.map((name) => `<Contents><Key>${escape(name)}</Key><Size>${String(objects.get(name)?.length ?? 0)}</Size></Contents>`).join('')}</ListBucketResult>`,
      );
      return;
    }
    if (key === '' && method === 'POST' && query.has('delete')) {
      calls.push('DeleteObjects');
      const keys = [...body.toString().matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) =>
        (match[1] ?? '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
      );
      for (const name of keys) objects.delete(name);
      xml(response, 200, '<DeleteResult></DeleteResult>');
      return;
    }
    if (method === 'POST' && query.has('uploads')) {
      calls.push('CreateMultipartUpload');
      const id = `upload-${String((nextUpload += 1))}`;
      uploads.set(id, new Map());
      xml(
        response,
        200,
        `<InitiateMultipartUploadResult><Bucket>test-bucket</Bucket><Key>${escape(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
      return;
    }
    if (method === 'PUT' && query.has('uploadId')) {
      calls.push('UploadPart');
      const parts = uploads.get(query.get('uploadId') ?? '');
      if (parts === undefined) {
        xml(response, 404, '<Error><Code>NoSuchUpload</Code></Error>');
        return;
      }
      const number = Number(query.get('partNumber'));
      parts.set(number, body);
      response.writeHead(200, { etag: `"part-${String(number)}"` });
      return response.end();
    }
    if (method === 'POST' && query.has('uploadId')) {
      calls.push('CompleteMultipartUpload');
      const id = query.get('uploadId') ?? '';
      const parts = uploads.get(id);
      if (parts === undefined) {
        xml(response, 404, '<Error><Code>NoSuchUpload</Code></Error>');
        return;
      }
      const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map(
        (match) => Number(match[1]),
      );
      objects.set(
        key,
        Buffer.concat(numbers.map((number) => parts.get(number) ?? Buffer.alloc(0))),
      );
      uploads.delete(id);
      xml(
        response,
        200,
        `<CompleteMultipartUploadResult><Bucket>test-bucket</Bucket><Key>${escape(key)}</Key><ETag>"whole"</ETag></CompleteMultipartUploadResult>`,
      );
      return;
    }
    if (method === 'DELETE' && query.has('uploadId')) {
      calls.push('AbortMultipartUpload');
      uploads.delete(query.get('uploadId') ?? '');
      response.writeHead(204);
      return response.end();
    }
    if (method === 'PUT') {
      calls.push('PutObject');
      objects.set(key, body);
      response.writeHead(200, { etag: '"object"' });
      return response.end();
    }
    const object = objects.get(key);
    if (method === 'HEAD') {
      calls.push('HeadObject');
      response.writeHead(object === undefined ? 404 : 200, {
        'content-length': String(object?.length ?? 0),
      });
      return response.end();
    }
    if (method === 'GET') {
      calls.push('GetObject');
      if (object === undefined) {
        noSuchKey(response);
        return;
      }
      const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
      if (range === null) {
        response.writeHead(200, { 'content-length': String(object.length) });
        return response.end(object);
      }
      const start = Number(range[1]);
      const end =
        range[2] === '' ? object.length - 1 : Math.min(Number(range[2]), object.length - 1);
      response.writeHead(206, {
        'content-length': String(end - start + 1),
        'content-range': `bytes ${String(start)}-${String(end)}/${String(object.length)}`,
      });
      return response.end(object.subarray(start, end + 1));
    }
    if (method === 'DELETE') {
      calls.push('DeleteObject');
      objects.delete(key);
      response.writeHead(204);
      return response.end();
    }
    xml(response, 400, '<Error><Code>NotImplemented</Code></Error>');
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  return { server, objects, uploads, calls };
}

interface StoreUnderTest {
  store: FileStore;
  /** Every stored file's key, to see that nothing stray (temporary files, parts) remains. */
  keys(): Promise<string[]>;
  calls?: string[];
  /** A store of the same kind that cannot answer: a file where the folder should be, no bucket. */
  broken: FileStore;
}

const kinds = ['local', 's3'] as const;

describe.each(kinds)('the %s file store', (kind) => {
  let underTest: StoreUnderTest;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (kind === 'local') {
      const root = await mkdtemp(path.join(tmpdir(), 'file-store-'));
      const notAFolder = `${root}-not-a-folder`;
      await writeFile(notAFolder, 'x');
      underTest = {
        store: createLocalFileStore(root),
        broken: createLocalFileStore(notAFolder),
        keys: async () =>
          (await readdir(root, { recursive: true, withFileTypes: true }))
            .filter((entry) => entry.isFile())
            .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
            .sort(),
      };
      cleanup = async () => {
        await rm(root, { recursive: true, force: true });
        await rm(notAFolder, { force: true });
      };
    } else {
      const fake = fakeS3();
      await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
      const { port } = fake.server.address() as AddressInfo;
      const settings = {
        bucket: 'test-bucket',
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${String(port)}`,
        accessKeyId: 'test-key',
        secretAccessKey: 'test-secret',
        forcePathStyle: true,
      };
      underTest = {
        store: createS3FileStore(settings),
        broken: createS3FileStore({ ...settings, bucket: 'no-such-bucket' }),
        keys: () => Promise.resolve([...fake.objects.keys()].sort()),
        calls: fake.calls,
      };
      cleanup = () =>
        new Promise<void>((resolve) => {
          fake.server.close(() => {
            resolve();
          });
        });
    }
  });
  afterAll(async () => {
    await cleanup();
  });

  const read = async (key: string, range?: { start: number; end?: number }) =>
    buffer(await underTest.store.get(key, range));

  it('stores a small file and reads it back whole and by byte range', async () => {
    const { store } = underTest;
    const bytes = Buffer.from('##fileformat=VCFv4.2\nchr1\t12345\trs1\tA\tG\n');
    expect(await store.put('users/u1/imports/small.vcf', Readable.from([bytes]))).toEqual({
      size: bytes.length,
    });
    expect(await read('users/u1/imports/small.vcf')).toEqual(bytes);
    expect(await read('users/u1/imports/small.vcf', { start: 2, end: 11 })).toEqual(
      bytes.subarray(2, 12),
    );
    expect(await read('users/u1/imports/small.vcf', { start: 22 })).toEqual(bytes.subarray(22));
    expect(await store.stat('users/u1/imports/small.vcf')).toEqual({ size: bytes.length });
  });

  it('streams a large file in, in parts, and gives the same bytes back', async () => {
    const { store } = underTest;
    // 12 MB in 64 kB chunks: three parts of a multipart upload on S3.
    const chunks = Array.from({ length: 192 }, () => randomBytes(64 * 1024));
    const whole = Buffer.concat(chunks);
    expect(await store.put('users/u1/imports/large.bin', Readable.from(chunks))).toEqual({
      size: whole.length,
    });
    expect((await read('users/u1/imports/large.bin')).equals(whole)).toBe(true);
    const start = 5 * 1024 * 1024 - 10;
    expect(
      (await read('users/u1/imports/large.bin', { start, end: start + 99 })).equals(
        whole.subarray(start, start + 100),
      ),
    ).toBe(true);
    if (underTest.calls !== undefined) {
      expect(underTest.calls).toContain('CreateMultipartUpload');
      expect(underTest.calls.filter((call) => call === 'UploadPart')).toHaveLength(3);
      expect(underTest.calls).toContain('CompleteMultipartUpload');
    }
  });

  it('replaces a file, and a failed write leaves the old one and nothing else', async () => {
    const { store } = underTest;
    await store.put('users/u2/report.json', Readable.from([Buffer.from('first')]));
    await store.put('users/u2/report.json', Readable.from([Buffer.from('second')]));
    expect((await read('users/u2/report.json')).toString()).toBe('second');

    const failing = new Readable({
      read() {
        this.push(Buffer.from('half of a new'));
        this.destroy(new Error('The upload broke off'));
      },
    });
    await expect(store.put('users/u2/report.json', failing)).rejects.toThrow();
    expect((await read('users/u2/report.json')).toString()).toBe('second');
    expect((await underTest.keys()).filter((key) => key.includes('u2'))).toEqual([
      'users/u2/report.json',
    ]);
  });

  it('moves a file of this machine in, replacing what was there, and leaves no copy', async () => {
    const { store } = underTest;
    const folder = await mkdtemp(path.join(tmpdir(), 'file-store-upload-'));
    try {
      const bytes = randomBytes(300 * 1024);
      const local = path.join(folder, 'upload');
      await writeFile(local, bytes);
      await store.put('users/u3/genotypes.vcf.gz', Readable.from([Buffer.from('earlier')]));
      expect(await store.moveIn('users/u3/genotypes.vcf.gz', local)).toEqual({
        size: bytes.length,
      });
      expect((await read('users/u3/genotypes.vcf.gz')).equals(bytes)).toBe(true);
      expect(await readdir(folder)).toEqual([]);
      expect((await underTest.keys()).filter((key) => key.includes('u3'))).toEqual([
        'users/u3/genotypes.vcf.gz',
      ]);
      await expect(store.moveIn('users/u3/other.txt', local)).rejects.toThrow();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('answers for a missing file: not found on read, null on stat, no error on delete', async () => {
    const { store } = underTest;
    await expect(store.get('users/nobody/none.txt')).rejects.toBeInstanceOf(FileNotFoundError);
    expect(await store.stat('users/nobody/none.txt')).toBeNull();
    await expect(store.delete('users/nobody/none.txt')).resolves.toBeUndefined();
  });

  it('deletes one file, and every file under a folder but no other', async () => {
    const { store } = underTest;
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      await store.put(`users/gone/files/${name}.txt`, Readable.from([Buffer.from(name)]));
    }
    await store.put('users/gone/x.txt', Readable.from([Buffer.from('x')]));
    await store.put('users/gone-not/keep.txt', Readable.from([Buffer.from('keep')]));
    await store.delete('users/gone/files/a.txt');
    expect(await store.stat('users/gone/files/a.txt')).toBeNull();

    expect(await store.deleteByPrefix('users/gone/')).toBe(5);
    expect((await underTest.keys()).filter((key) => key.includes('gone'))).toEqual([
      'users/gone-not/keep.txt',
    ]);
    expect(await store.deleteByPrefix('users/never/')).toBe(0);
  });

  it('answers the readiness check, and a store that cannot be reached does not', async () => {
    await expect(underTest.store.check()).resolves.toBeUndefined();
    await expect(underTest.broken.check()).rejects.toThrow();
    if (underTest.calls !== undefined) expect(underTest.calls).toContain('HeadBucket');
  });

  it('refuses keys that could leave the store: .., absolute paths, hidden names', async () => {
    const { store } = underTest;
    for (const key of [
      '../outside.txt',
      'users/../../outside.txt',
      '/etc/passwd',
      'users/./x',
      'users//x',
      '.tmp/x',
      'users/x/',
      'users\\x',
      '',
    ]) {
      await expect(store.put(key, Readable.from([Buffer.from('x')])), key).rejects.toBeInstanceOf(
        InvalidKeyError,
      );
      await expect(store.get(key), key).rejects.toBeInstanceOf(InvalidKeyError);
    }
    await expect(store.deleteByPrefix('users')).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(store.deleteByPrefix('../')).rejects.toBeInstanceOf(InvalidKeyError);
  });
});
