/*
 * A tabix index (.tbi; the tabix format in the SAMv1/tabix specs) of a BGZF-compressed VCF, as
 * `tabix -p vcf` writes it: per contig, the UCSC binning scheme (bins of 16 KiB to 512 MiB,
 * each listing chunks of virtual offsets) and a linear index (per 16 KiB window, the offset
 * of the first record that overlaps it). Built while the VCF is written: records are noted by
 * their offsets in the uncompressed text, turned into virtual offsets once the BGZF is written.
 */

const MIN_SHIFT = 14;
const DEPTH = 5;
/** Positions past 2^29 have no bin at this depth (a .csi would be needed). */
const MAX_POSITION = 2 ** (MIN_SHIFT + 3 * DEPTH);
/** htslib's pseudo-bin holding each contig's offsets and record counts. */
const META_BIN = 37450;
/** tabix's preset for VCF: format 2, CHROM in column 1, POS in column 2, '#' for headers. */
const FORMAT_VCF = 2;

/** The bin of the 0-based, half-open interval [begin, end) (SAMv1 spec, section 5.3). */
export function regionToBin(begin: number, end: number): number {
  const last = end - 1;
  if (begin >> 14 === last >> 14) return ((1 << 15) - 1) / 7 + (begin >> 14);
  if (begin >> 17 === last >> 17) return ((1 << 12) - 1) / 7 + (begin >> 17);
  if (begin >> 20 === last >> 20) return ((1 << 9) - 1) / 7 + (begin >> 20);
  if (begin >> 23 === last >> 23) return ((1 << 6) - 1) / 7 + (begin >> 23);
  if (begin >> 26 === last >> 26) return ((1 << 3) - 1) / 7 + (begin >> 26);
  return 0;
}

interface Contig {
  name: string;
  /** Its name's bytes, to compare a row's CHROM without a string per row. */
  bytes: Buffer;
  /** Per bin, its chunks as [begin, end, begin, end...] uncompressed offsets. */
  bins: Map<number, number[]>;
  /** Per 16 KiB window, the offset of the first record overlapping it; -1 for none yet. */
  linear: number[];
  /** Where its first record begins and its last ends, and how many: htslib's pseudo-bin. */
  first: number;
  last: number;
  records: number;
  /** The last record's start, to tell rows out of order. */
  lastBegin: number;
}

/**
 * The index being built. Records must come sorted (each contig's rows together, positions not
 * decreasing), as tabix requires; when they do not, `indexable` turns false and there is no
 * index to write (the VCF itself is still right).
 */
export class TabixIndex {
  indexable = true;
  private readonly contigs: Contig[] = [];
  private readonly names = new Set<string>();
  private current: Contig | null = null;

  /**
   * The record on buf[start, end) (a VCF line without its '\n'), at `offset` in the file, whose
   * line with its '\n' ends at `offsetEnd`. Headers ('#') are skipped. Its span is POS and
   * REF's length: INFO's END is not looked at, as the VCFs written here have no INFO.
   */
  addLine(buf: Buffer, start: number, end: number, offset: number, offsetEnd: number): void {
    if (!this.indexable || end === start || buf[start] === 35) return;
    const t0 = nextTab(buf, start, end);
    const t1 = nextTab(buf, t0 + 1, end);
    const t2 = nextTab(buf, t1 + 1, end);
    const t3 = nextTab(buf, t2 + 1, end);
    let position = 0;
    for (let at = t0 + 1; at < t1; at++) {
      const digit = (buf[at] ?? 0) - 48;
      if (digit < 0 || digit > 9) {
        position = 0;
        break;
      }
      position = position * 10 + digit;
    }
    if (t3 === end || position === 0) {
      this.indexable = false;
      return;
    }
    let into = this.current;
    if (into === null || !sameBytes(buf, start, t0, into.bytes)) {
      into = this.begin(buf.toString('utf8', start, t0));
      if (into === null) return;
    }
    this.record(into, position - 1, position - 1 + Math.max(1, t3 - t2 - 1), offset, offsetEnd);
  }

  /**
   * The index's bytes before BGZF compression, each uncompressed offset turned into a virtual
   * offset by `virtual`.
   */
  bytes(virtual: (offset: number) => number): Buffer {
    const out = new Output();
    const names = Buffer.from(this.contigs.map((contig) => `${contig.name}\0`).join(''), 'utf8');
    out.bytes(Buffer.from('TBI\x01', 'latin1'));
    // n_ref, format, col_seq, col_beg, col_end, meta ('#'), skip, l_nm, names.
    for (const value of [this.contigs.length, FORMAT_VCF, 1, 2, 0, 35, 0, names.length]) {
      out.int32(value);
    }
    out.bytes(names);
    for (const contig of this.contigs) {
      const bins = [...contig.bins.keys()].sort((a, b) => a - b);
      out.int32(bins.length + 1);
      for (const bin of bins) {
        const chunks = mergedChunks(contig.bins.get(bin) ?? [], virtual);
        out.uint32(bin);
        out.int32(chunks.length / 2);
        for (const offset of chunks) out.uint64(offset);
      }
      out.uint32(META_BIN);
      out.int32(2);
      out.uint64(virtual(contig.first));
      out.uint64(virtual(contig.last));
      out.uint64(contig.records);
      out.uint64(0);
      out.int32(contig.linear.length);
      // Windows no record overlaps read from the record before (or the contig's first one).
      let previous = virtual(contig.first);
      for (const offset of contig.linear) {
        if (offset !== -1) previous = virtual(offset);
        out.uint64(previous);
      }
    }
    // n_no_coor: records without a position, which a VCF has none of.
    out.uint64(0);
    return out.done();
  }

  /** A new contig, or null (and no index) when it came before: the rows are not sorted. */
  private begin(name: string): Contig | null {
    if (this.names.has(name)) {
      this.indexable = false;
      return null;
    }
    this.names.add(name);
    const contig: Contig = {
      name,
      bytes: Buffer.from(name, 'utf8'),
      bins: new Map(),
      linear: [],
      first: 0,
      last: 0,
      records: 0,
      lastBegin: 0,
    };
    this.contigs.push(contig);
    this.current = contig;
    return contig;
  }

  private record(into: Contig, begin: number, end: number, offset: number, offsetEnd: number) {
    if (begin < into.lastBegin || begin < 0 || end > MAX_POSITION || end <= begin) {
      this.indexable = false;
      return;
    }
    into.lastBegin = begin;
    if (into.records === 0) into.first = offset;
    into.records += 1;
    into.last = offsetEnd;

    const bin = regionToBin(begin, end);
    const chunks = into.bins.get(bin);
    if (chunks === undefined) {
      into.bins.set(bin, [offset, offsetEnd]);
    } else if (chunks[chunks.length - 1] === offset) {
      // The line right after the chunk's last: the chunk grows.
      chunks[chunks.length - 1] = offsetEnd;
    } else {
      chunks.push(offset, offsetEnd);
    }

    const { linear } = into;
    const lastWindow = (end - 1) >> MIN_SHIFT;
    while (linear.length <= lastWindow) linear.push(-1);
    for (let window = begin >> MIN_SHIFT; window <= lastWindow; window++) {
      if (linear[window] === -1) linear[window] = offset;
    }
  }
}

/**
 * A bin's chunks as virtual offsets, those that end in the block where the next begins made
 * one (as htslib does: the reader reads that block anyway).
 */
function mergedChunks(chunks: readonly number[], virtual: (offset: number) => number): number[] {
  const merged: number[] = [];
  for (let i = 0; i < chunks.length; i += 2) {
    const begin = virtual(chunks[i] ?? 0);
    const end = virtual(chunks[i + 1] ?? 0);
    const last = merged.length - 1;
    if (last >= 0 && Math.floor((merged[last] ?? 0) / 0x10000) === Math.floor(begin / 0x10000)) {
      merged[last] = end;
    } else {
      merged.push(begin, end);
    }
  }
  return merged;
}

function nextTab(buf: Buffer, from: number, end: number): number {
  let at = from;
  while (at < end && buf[at] !== 9) at++;
  return at;
}

function sameBytes(buf: Buffer, start: number, end: number, name: Buffer): boolean {
  if (end - start !== name.length) return false;
  for (let i = 0; i < name.length; i++) if (buf[start + i] !== name[i]) return false;
  return true;
}

/** Little-endian integers into a growing buffer. */
class Output {
  private buffer = Buffer.allocUnsafe(64 * 1024);
  private length = 0;

  private room(n: number): void {
    if (this.length + n <= this.buffer.length) return;
    const larger = Buffer.allocUnsafe(Math.max(2 * this.buffer.length, this.length + n));
    this.buffer.copy(larger, 0, 0, this.length);
    this.buffer = larger;
  }

  int32(value: number): void {
    this.room(4);
    this.length = this.buffer.writeInt32LE(value, this.length);
  }

  uint32(value: number): void {
    this.room(4);
    this.length = this.buffer.writeUInt32LE(value, this.length);
  }

  /** Exact up to 2^53, far past any offset or count here. */
  uint64(value: number): void {
    this.room(8);
    this.buffer.writeUInt32LE(value % 2 ** 32, this.length);
    this.length = this.buffer.writeUInt32LE(Math.floor(value / 2 ** 32), this.length + 4);
  }

  bytes(bytes: Buffer): void {
    this.room(bytes.length);
    this.length += bytes.copy(this.buffer, this.length);
  }

  done(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

/**
 * Passes VCF text through as bytes, adding each record to `index` by where its line lies in the
 * uncompressed file. Lines may be split across chunks.
 */
export async function* indexVcfLines(
  text: AsyncIterable<Buffer | string>,
  index: TabixIndex,
): AsyncGenerator<Buffer> {
  let offset = 0;
  let carry: Buffer | null = null;
  for await (const chunk of text) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let start = 0;
    let newline = bytes.indexOf(10);
    if (carry !== null) {
      if (newline === -1) {
        carry = Buffer.concat([carry, bytes]);
      } else {
        const line = Buffer.concat([carry, bytes.subarray(0, newline)]);
        index.addLine(line, 0, line.length, offset - carry.length, offset + newline + 1);
        carry = null;
        start = newline + 1;
        newline = bytes.indexOf(10, start);
      }
    }
    if (carry === null) {
      for (; newline !== -1; newline = bytes.indexOf(10, start)) {
        index.addLine(bytes, start, newline, offset + start, offset + newline + 1);
        start = newline + 1;
      }
      if (start < bytes.length) carry = Buffer.from(bytes.subarray(start));
    }
    offset += bytes.length;
    yield bytes;
  }
  // A last line without '\n'.
  if (carry !== null) index.addLine(carry, 0, carry.length, offset - carry.length, offset);
}
