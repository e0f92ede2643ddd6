import type { Readable, Transform } from 'node:stream';
import { crc32, createGunzip, createInflateRaw, type Zlib, type ZlibOptions } from 'node:zlib';
import type { ImportSummary } from '@nestling/shared/contract/my-data';
import {
  CUT_OFF,
  DAMAGED,
  EXPANDS_TOO_MUCH,
  refused,
  ZIP_MANY_DATA_FILES,
  ZIP_METHOD,
  ZIP_NO_DATA_FILE,
  ZIP_PASSWORD,
} from './refusals.ts';

export type Compression = ImportSummary['compression'];

const MiB = 1024 * 1024;
// Larger than zlib's 16 KiB default: fewer, bigger pieces for the line splitter.
const ZLIB_CHUNK = 64 * 1024;
/**
 * zlib inflates on the thread pool, but stops while this much output waits to be read: at the
 * default (16 KiB, less than one piece) it would wait for the parser after every piece. With a
 * few pieces of room it inflates the next ones while the parser reads this one, on another core.
 */
const ZLIB_OPTIONS: ZlibOptions & { readableHighWaterMark: number } = {
  chunkSize: ZLIB_CHUNK,
  readableHighWaterMark: 8 * ZLIB_CHUNK,
};

/**
 * The uploaded bytes, pulled one chunk at a time. Counts what it reads (for progress and the
 * expansion limit) and takes back what a reader read too far (the zip reader does, at the end
 * of an entry).
 */
export class ByteSource {
  bytesRead = 0;
  private readonly iterator: AsyncIterator<unknown>;
  private readonly held: Buffer[] = [];
  private done = false;

  constructor(
    private readonly input: NodeJS.ReadableStream | Readable,
    private readonly onProgress?: (compressedBytesRead: number) => void,
  ) {
    this.iterator = input[Symbol.asyncIterator]();
  }

  /** The next bytes, or null at the end of the input. */
  async next(): Promise<Buffer | null> {
    const held = this.held.pop();
    if (held !== undefined) return held;
    while (!this.done) {
      const step = await this.iterator.next();
      if (step.done === true) {
        this.done = true;
        break;
      }
      const chunk = toBuffer(step.value);
      if (chunk.length === 0) continue;
      this.bytesRead += chunk.length;
      this.onProgress?.(this.bytesRead);
      return chunk;
    }
    return null;
  }

  unshift(chunk: Buffer): void {
    if (chunk.length > 0) this.held.push(chunk);
  }

  /** Exactly n bytes, or null when the input ends first. For headers, not for data. */
  async exactly(n: number): Promise<Buffer | null> {
    const parts: Buffer[] = [];
    let have = 0;
    while (have < n) {
      const chunk = await this.next();
      if (chunk === null) {
        if (have > 0) this.unshift(Buffer.concat(parts, have));
        return null;
      }
      parts.push(chunk);
      have += chunk.length;
    }
    const all = Buffer.concat(parts, have);
    this.unshift(all.subarray(n));
    return all.subarray(0, n);
  }

  /** Up to n bytes from the start, left in place. */
  async peek(n: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let have = 0;
    while (have < n) {
      const chunk = await this.next();
      if (chunk === null) break;
      parts.push(chunk);
      have += chunk.length;
    }
    const all = Buffer.concat(parts, have);
    this.unshift(all);
    return all.subarray(0, n);
  }

  /** Stops the input: a read waiting on it ends, and nothing more is read. */
  close(): void {
    const { destroy } = this.input as { destroy?: (this: unknown) => void };
    if (typeof destroy === 'function') destroy.call(this.input);
  }
}

function toBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.length);
  return Buffer.from(String(value));
}

/**
 * Refuses a compressed file once it has produced more than 1 MiB and more than maxRatio times
 * the bytes read. Genotype text packs 5 to 20 times at most; a file that expands a thousand
 * times is a zip bomb, and stopping early keeps memory and time flat.
 */
class Meter {
  private produced = 0;

  constructor(
    private readonly source: ByteSource,
    private readonly maxRatio: number,
  ) {}

  add(bytes: number): void {
    this.produced += bytes;
    if (this.produced > MiB && this.produced > this.maxRatio * this.source.bytesRead) {
      throw refused(EXPANDS_TOO_MUCH);
    }
  }
}

export interface Unpacked {
  compression: Compression;
  /** The decompressed bytes, in order; for a zip, those of its one data file. */
  chunks: AsyncGenerator<Buffer, void, undefined>;
}

const GZIP_MAGIC = [0x1f, 0x8b];
const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;
const ZIP64_END = 0x06064b50;
const ZIP_DESCRIPTOR = 0x08074b50;

/** Tells the compression by the first bytes, never by the name. */
export async function unpack(source: ByteSource, maxRatio: number): Promise<Unpacked> {
  const head = await source.peek(4);
  const meter = new Meter(source, maxRatio);
  if (head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]) {
    // Gunzip reads every member of a multi-member file (bgzip writes one per 64 KiB).
    const gunzip = createGunzip(ZLIB_OPTIONS);
    return { compression: 'gzip', chunks: inflate(gunzip, source, meter, null) };
  }
  if (head.length === 4 && head.readUInt32LE(0) === ZIP_LOCAL) {
    return { compression: 'zip', chunks: unzip(source, meter) };
  }
  return { compression: 'none', chunks: plain(source) };
}

async function* plain(source: ByteSource): AsyncGenerator<Buffer, void, undefined> {
  for (let chunk = await source.next(); chunk !== null; chunk = await source.next()) yield chunk;
}

/** How much input an inflater gets: all of it (null), a known size, or until its data ends. */
type Feed = null | { size: number } | 'until-end';

/**
 * Runs bytes from the source through a zlib stream and yields what comes out, one input chunk
 * at a time so that backpressure holds and memory stays flat. With 'until-end' (a zip entry
 * whose size follows its data), the inflater stops taking bytes where the deflate data ends;
 * zlib's bytesWritten tells how far that was, and the rest goes back to the source.
 */
async function* inflate(
  zlib: Transform & Zlib,
  source: ByteSource,
  meter: Meter,
  feed: Feed,
): AsyncGenerator<Buffer, void, undefined> {
  // Set by zlib's events and callbacks, so kept in an object TypeScript does not narrow.
  const state = { failure: null as unknown, ended: false, writing: false, inputDone: false };
  let fed = 0;
  let left = feed !== null && feed !== 'until-end' ? feed.size : Infinity;

  // Events may come while this generator waits on its consumer: remember them.
  let signalled = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    signalled = true;
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  const nextEvent = async () => {
    if (!signalled) await new Promise<void>((resolve) => (wake = resolve));
    signalled = false;
  };
  zlib.on('readable', notify);
  zlib.on('end', () => {
    state.ended = true;
    notify();
  });
  zlib.on('error', (error: Error) => {
    state.failure = error;
    notify();
  });

  try {
    for (;;) {
      if (state.failure !== null) throw zlibRefusal(state.failure);
      for (
        let out = zlib.read() as Buffer | null;
        out !== null;
        out = zlib.read() as Buffer | null
      ) {
        meter.add(out.length);
        yield out;
      }
      if (state.ended && !state.writing) return;
      if (!state.writing && !state.inputDone) {
        let chunk = left > 0 ? await source.next() : null;
        if (chunk === null) {
          if (left !== Infinity && left > 0) throw refused(CUT_OFF);
          state.inputDone = true;
          zlib.end();
          continue;
        }
        if (chunk.length > left) {
          source.unshift(chunk.subarray(left));
          chunk = chunk.subarray(0, left);
        }
        left -= chunk.length;
        fed += chunk.length;
        state.writing = true;
        const written = chunk;
        zlib.write(written, () => {
          state.writing = false;
          if (feed === 'until-end' && zlib.bytesWritten < fed) {
            source.unshift(written.subarray(written.length - (fed - zlib.bytesWritten)));
            state.inputDone = true;
          }
          notify();
        });
        continue;
      }
      await nextEvent();
    }
  } finally {
    zlib.destroy();
  }
}

function zlibRefusal(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'Z_BUF_ERROR') return refused(CUT_OFF);
  if (typeof code === 'string' && code.startsWith('Z_')) return refused(DAMAGED);
  return error;
}

/** Yields size bytes of the source as they are. */
async function* stored(source: ByteSource, size: number): AsyncGenerator<Buffer, void, undefined> {
  let left = size;
  while (left > 0) {
    const chunk = await source.next();
    if (chunk === null) throw refused(CUT_OFF);
    if (chunk.length > left) {
      source.unshift(chunk.subarray(left));
      yield chunk.subarray(0, left);
      return;
    }
    left -= chunk.length;
    yield chunk;
  }
}

async function header(source: ByteSource, n: number): Promise<Buffer> {
  const bytes = await source.exactly(n);
  if (bytes === null) throw refused(CUT_OFF);
  return bytes;
}

/** Whether an entry can be the data file: not a folder, not macOS's resource forks. */
function isDataFile(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  if (name.endsWith('/') || name.startsWith('__MACOSX/') || base.startsWith('._')) return false;
  return /\.(txt|csv|vcf)$/i.test(base);
}

/**
 * Reads a zip front to back by its local headers, so it streams: the central directory at the
 * end is only skipped. Yields the data of its one data file and reads every other entry to the
 * end (they may follow it) to make sure there is only one. Entries are checked against their
 * CRC-32, so a damaged or cut entry is refused.
 */
async function* unzip(source: ByteSource, meter: Meter): AsyncGenerator<Buffer, void, undefined> {
  let found = false;
  for (;;) {
    const signature = (await header(source, 4)).readUInt32LE(0);
    if (signature === ZIP_CENTRAL || signature === ZIP_END || signature === ZIP64_END) break;
    if (signature !== ZIP_LOCAL) throw refused(DAMAGED);

    const fixed = await header(source, 26);
    const flags = fixed.readUInt16LE(2);
    const method = fixed.readUInt16LE(4);
    let crc = fixed.readUInt32LE(10);
    let compressedSize = fixed.readUInt32LE(14);
    const uncompressedSize = fixed.readUInt32LE(18);
    const nameLength = fixed.readUInt16LE(22);
    const variable = await header(source, nameLength + fixed.readUInt16LE(24));
    const name = variable.toString('utf8', 0, nameLength);
    const zip64 = zip64Sizes(variable.subarray(nameLength), uncompressedSize, compressedSize);
    if (zip64 !== null) compressedSize = zip64.compressedSize;

    if ((flags & 0x1) !== 0) throw refused(ZIP_PASSWORD);
    // Bit 3: the sizes and CRC follow the data, in a data descriptor.
    const sizesFollow = (flags & 0x8) !== 0;
    let data: AsyncGenerator<Buffer, void, undefined>;
    if (!sizesFollow && compressedSize === 0) {
      // An empty entry (a folder, often), whatever its method says.
      data = stored(source, 0);
    } else if (method === 8) {
      const inflater = createInflateRaw(ZLIB_OPTIONS);
      data = inflate(inflater, source, meter, sizesFollow ? 'until-end' : { size: compressedSize });
    } else if (method === 0 && !sizesFollow) {
      data = stored(source, compressedSize);
    } else {
      // Other methods (bzip2, LZMA...), or stored data whose end nothing marks.
      throw refused(ZIP_METHOD);
    }

    const wanted = isDataFile(name);
    if (wanted && found) throw refused(ZIP_MANY_DATA_FILES);
    found ||= wanted;
    let actual = 0;
    for await (const chunk of data) {
      actual = crc32(chunk, actual);
      if (wanted) yield chunk;
    }
    if (sizesFollow) {
      let word = (await header(source, 4)).readUInt32LE(0);
      // The descriptor's signature is optional.
      if (word === ZIP_DESCRIPTOR) word = (await header(source, 4)).readUInt32LE(0);
      crc = word;
      await header(source, zip64 === null ? 8 : 16);
    }
    if (actual !== crc) throw refused(DAMAGED);
  }
  if (!found) throw refused(ZIP_NO_DATA_FILE);
  // The central directory: read only so that progress reaches the end of the file.
  for (let chunk = await source.next(); chunk !== null; chunk = await source.next()) {
    /* nothing to do with it */
  }
}

/** The 64-bit sizes of a ZIP64 entry, from its extra field; null when it has none. */
function zip64Sizes(
  extra: Buffer,
  uncompressedSize: number,
  compressedSize: number,
): { compressedSize: number } | null {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      // Only the sizes the fixed header marks as 0xFFFFFFFF are present, in this order.
      if (uncompressedSize === 0xffffffff) field += 8;
      const compressed =
        compressedSize === 0xffffffff && field + 8 <= extra.length
          ? Number(extra.readBigUInt64LE(field))
          : compressedSize;
      return { compressedSize: compressed };
    }
    at += 4 + size;
  }
  return null;
}
