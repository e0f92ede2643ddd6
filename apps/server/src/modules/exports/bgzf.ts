import { promisify } from 'node:util';
import { crc32, deflateRaw } from 'node:zlib';

/*
 * BGZF (SAMv1 spec, section 4.1): gzip members of at most 64 KiB each, with a 'BC' extra field
 * giving the member's size, then an empty member as the end-of-file marker. Any gzip reader
 * reads it as one file; tabix, bcftools and htslib need it to seek, by virtual offsets
 * (a block's offset in the compressed file << 16 | an offset in its uncompressed data).
 */

/**
 * Uncompressed bytes per block: htslib's. Data that does not compress comes out of deflate at
 * most a few bytes longer (zlib's deflateBound: 65,305 bytes), so every block, with its 26
 * bytes of header and footer, fits the 64 KiB that BSIZE (a uint16, the size - 1) allows.
 */
export const BGZF_BLOCK_DATA = 0xff00;
const HEADER = 18;
const FOOTER = 8;
/** The end-of-file marker: an empty block, byte for byte as the spec gives it. */
export const BGZF_EOF = Buffer.from(
  '1f8b08040000000000ff0600424302001b0003000000000000000000',
  'hex',
);
/** Blocks compressed at once on the thread pool while the next ones are filled. */
const IN_FLIGHT = 4;
/** A virtual offset keeps 48 bits of file offset; a JavaScript number holds 37 of them exactly. */
const MAX_FILE_OFFSET = 2 ** 37;

const deflate = promisify(deflateRaw);

/** One BGZF block of `data` (at most BGZF_BLOCK_DATA bytes), compressed on the thread pool. */
async function bgzfBlock(data: Buffer, level = 6): Promise<Buffer> {
  const compressed = await deflate(data, { level });
  const block = Buffer.allocUnsafe(HEADER + compressed.length + FOOTER);
  // ID1 ID2 CM FLG(FEXTRA) MTIME(4) XFL OS(unknown) XLEN(6), then SI1 'B' SI2 'C' SLEN(2) BSIZE.
  block.set([31, 139, 8, 4, 0, 0, 0, 0, 0, 255, 6, 0, 66, 67, 2, 0], 0);
  block.writeUInt16LE(block.length - 1, 16);
  compressed.copy(block, HEADER);
  block.writeUInt32LE(crc32(data), HEADER + compressed.length);
  block.writeUInt32LE(data.length, HEADER + compressed.length + 4);
  return block;
}

/**
 * Compresses a stream of bytes (or UTF-8 text) as BGZF, and answers the virtual offset of any
 * uncompressed byte once its block is written (for an index). Every block but the last holds
 * exactly BGZF_BLOCK_DATA bytes, so an uncompressed offset tells its block by division.
 */
export class BgzfWriter {
  /** Where each block starts in the compressed file; at the end, one more: the EOF marker's. */
  private readonly starts: number[] = [];
  private size = 0;
  /** Uncompressed bytes in the blocks written. */
  private data = 0;

  constructor(private readonly level = 6) {}

  /** The compressed bytes, block by block, ending with the EOF marker. */
  async *compress(input: AsyncIterable<Buffer | string> | Iterable<Buffer | string>) {
    const pending: Promise<Buffer>[] = [];
    const send = (data: Buffer) => {
      const block = bgzfBlock(data, this.level);
      // Awaited in order below; until then a failure must not count as unhandled.
      block.catch(() => undefined);
      pending.push(block);
    };
    const place = (block: Buffer) => {
      this.starts.push(this.size);
      this.size += block.length;
      this.data += block.readUInt32LE(block.length - 4);
      if (this.size >= MAX_FILE_OFFSET) throw new RangeError('The BGZF file is too large.');
      return block;
    };

    let buffer = Buffer.allocUnsafe(BGZF_BLOCK_DATA);
    let fill = 0;
    for await (const chunk of input) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      let at = 0;
      while (at < bytes.length) {
        if (fill === 0 && bytes.length - at >= BGZF_BLOCK_DATA) {
          // A whole block's worth: compressed where it lies, without a copy.
          send(bytes.subarray(at, at + BGZF_BLOCK_DATA));
          at += BGZF_BLOCK_DATA;
        } else {
          const n = Math.min(bytes.length - at, BGZF_BLOCK_DATA - fill);
          bytes.copy(buffer, fill, at, at + n);
          fill += n;
          at += n;
          if (fill === BGZF_BLOCK_DATA) {
            send(buffer);
            buffer = Buffer.allocUnsafe(BGZF_BLOCK_DATA);
            fill = 0;
          }
        }
        const oldest = pending.length >= IN_FLIGHT ? pending.shift() : undefined;
        if (oldest !== undefined) yield place(await oldest);
      }
    }
    if (fill > 0) send(buffer.subarray(0, fill));
    for (let block = pending.shift(); block !== undefined; block = pending.shift()) {
      yield place(await block);
    }
    this.starts.push(this.size);
    yield BGZF_EOF;
  }

  /**
   * The virtual offset of uncompressed byte `offset`, once its block is written. The offset
   * just past the last byte points at the EOF marker when the last block is full, as htslib's
   * does.
   */
  virtualOffset(offset: number): number {
    const block = Math.floor(offset / BGZF_BLOCK_DATA);
    const start = offset <= this.data ? this.starts[block] : undefined;
    if (start === undefined)
      throw new RangeError(`No block written yet holds byte ${String(offset)}.`);
    return start * 0x10000 + (offset - block * BGZF_BLOCK_DATA);
  }
}
