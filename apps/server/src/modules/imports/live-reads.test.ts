import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it, vi } from 'vitest';
import { LiveReads, type ReadFile } from './live-reads.ts';
import { refused } from './refusals.ts';

const SUMMARY = {
  format: '23andme',
  build: 'GRCh37',
  compression: 'none',
  variants: 1,
  noCalls: 0,
  callRate: 1,
  impliedSex: null,
} as const;

/** A read that keeps every byte, slowly when asked, and refuses a file that starts with 'x'. */
function recordingRead(delayMs = 0) {
  const seen: Buffer[] = [];
  let stopped = false;
  const readFile: ReadFile = async (input, _fileName, signal) => {
    signal.addEventListener('abort', () => {
      stopped = true;
      input.destroy();
    });
    for await (const chunk of input) {
      signal.throwIfAborted();
      seen.push(chunk as Buffer);
      if (Buffer.concat(seen)[0] === 0x78) throw refused('Not a genotype file.');
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    signal.throwIfAborted();
    return { summary: SUMMARY, sha256: Buffer.concat(seen).toString('hex') };
  };
  return { readFile, seen: () => Buffer.concat(seen), stopped: () => stopped };
}

/** Writes what the tapped stream gives, as the upload area would; answers the bytes written. */
async function store(stream: Readable): Promise<Buffer> {
  const written: Buffer[] = [];
  await pipeline(
    stream,
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        written.push(chunk);
        callback();
      },
    }),
  );
  return Buffer.concat(written);
}

/** A request body of `bytes` in pieces of `piece` bytes. */
const body = (bytes: Buffer, piece = 64 * 1024) =>
  Readable.from(
    (function* pieces() {
      for (let at = 0; at < bytes.length; at += piece) yield bytes.subarray(at, at + piece);
    })(),
  );

const file = Buffer.alloc(5 * 1024 * 1024, 'rs1\t1\t100\tAG\n');

describe('reads that follow an upload', () => {
  it('hands every byte of every request to the read, in order, and writes them unchanged', async () => {
    // The read is slower than the requests: the requests wait for it, and nothing is lost.
    const read = recordingRead(1);
    const live = new LiveReads(read.readFile);
    live.start('u1', 'genome.txt');
    const half = 2 * 1024 * 1024 + 7;
    const first = await store(live.tap('u1', 0, body(file.subarray(0, half))));
    const second = await store(live.tap('u1', half, body(file.subarray(half))));
    expect(Buffer.concat([first, second]).equals(file)).toBe(true);
    const outcome = await live.finish('u1', file.length);
    expect(outcome).toEqual({ kind: 'read', summary: SUMMARY, sha256: file.toString('hex') });
    expect(read.seen().equals(file)).toBe(true);
  });

  it('leaves the file to the job when a request comes at an offset the read has not reached', async () => {
    const read = recordingRead();
    const live = new LiveReads(read.readFile);
    live.start('u2', 'genome.txt');
    await store(live.tap('u2', 0, body(file.subarray(0, 1000))));
    // The bytes after 1000 went to the disk without the read (another server took them).
    const rest = await store(live.tap('u2', 2000, body(file.subarray(2000))));
    expect(rest.length).toBe(file.length - 2000);
    expect(await live.finish('u2', file.length)).toEqual({ kind: 'none' });
  });

  it('leaves the file to the job when the read did not get every byte, or was never started', async () => {
    const read = recordingRead();
    const live = new LiveReads(read.readFile);
    live.start('u3', 'genome.txt');
    await store(live.tap('u3', 0, body(file.subarray(0, 1000))));
    expect(await live.finish('u3', file.length)).toEqual({ kind: 'none' });
    expect(read.stopped()).toBe(true);
    // A server that restarted knows nothing of the upload: its bytes are only written.
    const written = await store(live.tap('unknown', 0, body(file)));
    expect(written.equals(file)).toBe(true);
    expect(await live.finish('unknown', file.length)).toEqual({ kind: 'none' });
  });

  it('tells of a refusal that came early, keeps it, and fails the requests that bring more', async () => {
    const refusedFile = Buffer.concat([Buffer.from('x'), file]);
    const heard: string[][] = [];
    const live = new LiveReads(recordingRead().readFile, (id, reason) => heard.push([id, reason]));
    live.start('u4', 'genome.txt');
    // Told at once.
    await store(live.tap('u4', 0, body(refusedFile.subarray(0, 1024)))).catch(() => undefined);
    await vi.waitFor(() => {
      expect(heard).toEqual([['u4', 'Not a genotype file.']]);
    });
    expect(live.refusal('u4')).toBe('Not a genotype file.');
    // The next request's bytes are neither read nor written: it fails with the refusal, which
    // the upload's answer (422) carries, instead of waiting on a read that has stopped.
    await expect(
      store(live.tap('u4', 1024, body(refusedFile.subarray(1024), 1024))),
    ).rejects.toThrow('Not a genotype file.');
    expect(heard).toHaveLength(1);
  });

  it('stops the read of an upload that is dropped (deleted, or the server closing)', async () => {
    const read = recordingRead();
    const live = new LiveReads(read.readFile);
    live.start('u5', 'genome.txt');
    await store(live.tap('u5', 0, body(file.subarray(0, 1000))));
    live.dropAll();
    expect(read.stopped()).toBe(true);
    expect(await live.finish('u5', 1000)).toEqual({ kind: 'none' });
    // Later requests are only written.
    const written = await store(live.tap('u5', 1000, body(file.subarray(1000, 2000))));
    expect(written.length).toBe(1000);
  });
});
