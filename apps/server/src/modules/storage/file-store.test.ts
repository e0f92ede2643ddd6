import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileNotFoundError, InvalidKeyError, type FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-store.ts';
import { startTestS3Server } from '../../test/s3-server.ts';
import { createS3FileStore } from './s3-store.ts';

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
      const s3 = await startTestS3Server();
      underTest = {
        store: createS3FileStore(s3.settings),
        broken: createS3FileStore({ ...s3.settings, bucket: 'no-such-bucket' }),
        keys: () => Promise.resolve([...s3.objects.keys()].sort()),
        calls: s3.calls,
      };
      cleanup = () => s3.close();
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
