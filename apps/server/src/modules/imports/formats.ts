import type { GenomeBuild, ImportFormat } from '@nestling/shared/contract/my-data';
import {
  incompleteRow,
  NO_GENOTYPES,
  NOT_A_GENOTYPE_FILE,
  refused,
  unreadableRow,
  VCF_NO_SAMPLES,
} from './refusals.ts';

export const NO_CALL = '--';

const MiB = 1024 * 1024;
/** The format must be clear within this much text... */
export const SNIFF_LIMIT = MiB;
/** ...but a VCF's header (thousands of ##contig lines) may run longer before #CHROM. */
const VCF_HEADER_LIMIT = 16 * MiB;

/** A build we read, one we name in a refusal, or none stated. */
export type BuildGuess = GenomeBuild | { unsupported: string } | null;

export interface Detected {
  format: ImportFormat;
  build: BuildGuess;
  /** Whether the line that settled it is the first genotype row (not a header). */
  lineIsRow: boolean;
}

const NCBI36: BuildGuess = { unsupported: 'NCBI36 (hg18)' };
const NCBI35: BuildGuess = { unsupported: 'NCBI35 (hg17)' };
const CHM13: BuildGuess = { unsupported: 'T2T-CHM13' };

/** The length of chromosome 1 in each assembly: VCFs list it in a ##contig line. */
const CHR1_LENGTHS = new Map<number, BuildGuess>([
  [249250621, 'GRCh37'],
  [248956422, 'GRCh38'],
  [247249719, NCBI36],
  [245522847, NCBI35],
  [248387328, CHM13],
]);

/** A build named in free text: a ##reference path, a 23andMe or AncestryDNA comment. */
export function buildInText(text: string): BuildGuess {
  const lower = text.toLowerCase();
  if (/chm13|t2t/.test(lower)) return CHM13;
  if (/grch38|hg38|hs38|assembly38|\bb38\b/.test(lower)) return 'GRCh38';
  // Broad's "Homo_sapiens_assembly19" is their GRCh37; 1000 Genomes' is human_g1k_v37.
  if (/grch37|hg19|hs37|g1k_v37|assembly19|\bb37\b/.test(lower)) return 'GRCh37';
  if (/ncbi36|hg18|\bb36\b/.test(lower)) return NCBI36;
  if (/ncbi35|hg17/.test(lower)) return NCBI35;
  // "reference human assembly build 37" (23andMe), "human reference build 37.1" (AncestryDNA).
  const build = /\bbuild\s*(3[5-8])(?!\d)/.exec(lower)?.[1];
  if (build === '38') return 'GRCh38';
  if (build === '37') return 'GRCh37';
  if (build === '36') return NCBI36;
  if (build === '35') return NCBI35;
  return null;
}

const COLUMNS_23ANDME = 'rsid\tchromosome\tposition\tgenotype';
const COLUMNS_ANCESTRY = 'rsid\tchromosome\tposition\tallele1\tallele2';

function columnsOf(line: string): string {
  return line.replace(/^#\s*/, '').trim().toLowerCase();
}

/**
 * Reads the first lines of a file (one at a time, as they come) until it knows the format
 * and build. Only these few lines are looked at this way; rows go to a RowParser.
 */
export class FormatSniffer {
  private lines = 0;
  private text = 0;
  private sawText = false;
  private vcf = false;
  private vendor: ImportFormat | null = null;
  private columns: ImportFormat | null = null;
  private build: BuildGuess = null;
  private contigBuild: BuildGuess = null;
  /** A VCF's ##contig and ##FILTER lines, when kept. */
  readonly contigs: string[] = [];
  readonly filters: string[] = [];

  /**
   * With `keepVcfHeader`, a VCF's ##contig and ##FILTER lines are kept, for a VCF written from
   * its rows to declare the same (an import has no use for them).
   */
  constructor(private readonly keepVcfHeader = false) {}

  /** How long a line may grow, while undecided, before the file is refused. */
  get limit(): number {
    return this.vcf ? VCF_HEADER_LIMIT : SNIFF_LIMIT;
  }

  line(raw: string): Detected | null {
    this.lines += 1;
    // A byte-order mark, as latin1 sees it.
    const line = this.lines === 1 && raw.startsWith('\u00ef\u00bb\u00bf') ? raw.slice(3) : raw;
    this.text += line.length + 1;
    if (this.text > this.limit) throw refused(NOT_A_GENOTYPE_FILE);
    if (line.trim() === '') return null;
    this.sawText = true;
    if (this.lines === 1 && line.startsWith('##fileformat=VCF')) {
      this.vcf = true;
      return null;
    }
    return this.vcf ? this.vcfLine(line) : this.textLine(line);
  }

  /** At the end of the file, when no row came. */
  end(): Detected {
    if (!this.sawText || this.vcf) throw refused(NO_GENOTYPES);
    const format = this.columns ?? this.vendor;
    if (format === null) throw refused(NOT_A_GENOTYPE_FILE);
    return { format, build: this.build, lineIsRow: false };
  }

  private textLine(line: string): Detected | null {
    if (line.startsWith('#')) {
      const columns = columnsOf(line);
      if (columns === COLUMNS_23ANDME) this.columns = '23andme';
      else if (/ancestrydna/i.test(line)) this.vendor = 'ancestrydna';
      else if (/23andme/i.test(line)) this.vendor ??= '23andme';
      this.build ??= buildInText(line);
      return null;
    }
    // AncestryDNA's column line has no '#'; some tools drop 23andMe's too.
    const columns = columnsOf(line);
    if (columns === COLUMNS_ANCESTRY) {
      this.columns = 'ancestrydna';
      return null;
    }
    if (columns === COLUMNS_23ANDME) {
      this.columns = '23andme';
      return null;
    }
    const format = this.columns ?? this.vendor;
    if (format === null) throw refused(NOT_A_GENOTYPE_FILE);
    return { format, build: this.build, lineIsRow: true };
  }

  private vcfLine(line: string): Detected | null {
    if (line.startsWith('##reference=') || line.startsWith('##assembly=')) {
      this.build ??= buildInText(line.slice(line.indexOf('=') + 1));
    } else if (line.startsWith('##contig=<')) {
      if (this.keepVcfHeader) this.contigs.push(line);
      const id = /[<,]ID=([^,>]+)/.exec(line)?.[1];
      const length = /[<,]length=(\d+)/.exec(line)?.[1];
      if ((id === '1' || id === 'chr1') && length !== undefined) {
        this.contigBuild = CHR1_LENGTHS.get(Number(length)) ?? null;
      }
    } else if (line.startsWith('##FILTER=<')) {
      if (this.keepVcfHeader) this.filters.push(line);
    } else if (line.startsWith('#CHROM')) {
      // CHROM POS ID REF ALT QUAL FILTER INFO FORMAT, then one column per sample.
      if (line.split('\t').length < 10) throw refused(VCF_NO_SAMPLES);
      return { format: 'vcf', build: this.build ?? this.contigBuild, lineIsRow: false };
    } else if (!line.startsWith('##')) {
      // A row before the #CHROM line: not a VCF we can follow.
      throw refused(NOT_A_GENOTYPE_FILE);
    }
    return null;
  }
}

/*
 * Row parsing. This runs once per row of files with tens of millions of rows, so it works on
 * the decompressed bytes by index: no string per chunk, no split, no object per row. A row is
 * checked and copied straight into the stored form (`chromosome position id ref alt genotype`,
 * tab-separated; a VCF row adds `contig phase filter`) in a RowWriter; only its place and call
 * are kept, for the counts.
 */

const TAB = 9;
const NEWLINE = 10;
const DOT = 46;
const DASH = 45;
const COLON = 58;
const COMMA = 44;
const ZERO = 48;

/** Chromosome codes: 1 to 22, then X, Y, X's pseudo-autosomal part (PLINK's XY) and MT. */
export const CHROMOSOME_X = 23;
export const CHROMOSOME_Y = 24;
export const CHROMOSOME_XY = 25;
const CHROMOSOME_MT = 26;

// AncestryDNA (and PLINK) number X 23, Y 24, the pseudo-autosomal part of X 25 and MT 26; the
// stored name of each code.
const NAMES: readonly Buffer[] = [
  '',
  ...Array.from({ length: 22 }, (_, index) => String(index + 1)),
  'X',
  'Y',
  'X',
  'MT',
].map((name) => Buffer.from(name, 'latin1'));

/** The code of buf[start, end): '1'..'26', 'X', 'Y', 'XY', 'M', 'MT', with 'chr' or not; else 0. */
export function chromosomeCode(buf: Buffer, start: number, end: number): number {
  let from = start;
  if (
    end - from > 3 &&
    ((buf[from] ?? 0) | 0x20) === 99 && // c
    ((buf[from + 1] ?? 0) | 0x20) === 104 && // h
    ((buf[from + 2] ?? 0) | 0x20) === 114 // r
  ) {
    from += 3;
  }
  const length = end - from;
  const a = buf[from] ?? 0;
  if (length === 1) {
    if (a > ZERO && a <= ZERO + 9) return a - ZERO;
    const lower = a | 0x20;
    if (lower === 120) return CHROMOSOME_X;
    if (lower === 121) return CHROMOSOME_Y;
    if (lower === 109) return CHROMOSOME_MT;
    return 0;
  }
  if (length === 2) {
    const b = buf[from + 1] ?? 0;
    if (a > ZERO && a <= ZERO + 9 && b >= ZERO && b <= ZERO + 9) {
      const code = (a - ZERO) * 10 + b - ZERO;
      return code <= CHROMOSOME_MT ? code : 0;
    }
    const lowerA = a | 0x20;
    const lowerB = b | 0x20;
    if (lowerA === 109 && lowerB === 116) return CHROMOSOME_MT;
    if (lowerA === 120 && lowerB === 121) return CHROMOSOME_XY;
  }
  return 0;
}

/** A non-negative integer from buf[start, end); -1 when it is not one. */
export function integerAt(buf: Buffer, start: number, end: number): number {
  if (end <= start || end - start > 15) return -1;
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = (buf[i] ?? 0) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** The first tab in buf[from, end), or end. Columns are short: a loop beats a native call. */
function nextTab(buf: Buffer, from: number, end: number): number {
  let at = from;
  while (at < end && buf[at] !== TAB) at++;
  return at;
}

/** The next tab of the row; a row that runs out of tabs is cut short. */
function tab(buf: Buffer, from: number, end: number, line: number): number {
  const at = nextTab(buf, from, end);
  if (at === end) throw incompleteRow(line);
  return at;
}

/** The next tab of a column that may be long (a VCF's INFO): searched natively. */
function longTab(buf: Buffer, from: number, end: number, line: number): number {
  const at = buf.indexOf(TAB, from);
  if (at === -1 || at >= end) throw incompleteRow(line);
  return at;
}

const INITIAL_OUTPUT = 1024 * 1024;
const MAX_SPARE = 16;

/**
 * The stored rows of one batch, as UTF-8 bytes. Input bytes are latin1 (each byte one
 * character); when a chunk is not all ASCII, `latin1` is set and bytes above 127 are written as
 * the UTF-8 of that character, as the text they stand for would be.
 */
export class RowWriter {
  buffer: Buffer = Buffer.allocUnsafe(INITIAL_OUTPUT);
  length = 0;
  rows = 0;
  latin1 = false;

  /** Buffers handed back once read, to write the next batches into. */
  private readonly spare: Buffer[] = [];

  /**
   * Hands out the batch written so far and starts a new one. Calling `release` when the batch
   * has been read lets its buffer be written again: fewer large allocations, and so fewer
   * collections for the memory they hold outside the heap.
   */
  take(): { batch: Buffer; release: () => void } {
    const full = this.buffer;
    const batch = full.subarray(0, this.length);
    this.buffer = this.spare.pop() ?? Buffer.allocUnsafe(INITIAL_OUTPUT);
    this.length = 0;
    this.rows = 0;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      if (this.spare.length < MAX_SPARE && full.length === INITIAL_OUTPUT) this.spare.push(full);
    };
    return { batch, release };
  }

  /** Room for n more bytes. */
  ensure(n: number): void {
    if (this.length + n <= this.buffer.length) return;
    const larger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + n));
    this.buffer.copy(larger, 0, 0, this.length);
    this.buffer = larger;
  }

  byte(code: number): void {
    this.ensure(1);
    this.buffer[this.length++] = code;
  }

  copy(source: Buffer, from: number, to: number): void {
    const n = to - from;
    this.ensure(this.latin1 ? 2 * n : n);
    const out = this.buffer;
    let at = this.length;
    if (this.latin1) {
      for (let i = from; i < to; i++) {
        const code = source[i] ?? 0;
        if (code < 128) {
          out[at++] = code;
        } else {
          out[at++] = 0xc0 | (code >> 6);
          out[at++] = 0x80 | (code & 0x3f);
        }
      }
    } else if (n < 32) {
      for (let i = from; i < to; i++) out[at++] = source[i] ?? 0;
    } else {
      source.copy(out, at, from, to);
      at += n;
    }
    this.length = at;
  }

  /**
   * A row's place: its chromosome's name, then the position's digits, buf[from, to), each
   * followed by a tab. The digits are copied as they are unless they start with a zero.
   */
  place(code: number, position: number, buf: Buffer, from: number, to: number): void {
    this.ensure(20);
    const out = this.buffer;
    let at = this.length;
    const name = NAMES[code];
    if (name !== undefined) {
      out[at++] = name[0] ?? 0;
      if (name.length === 2) out[at++] = name[1] ?? 0;
    }
    out[at++] = TAB;
    if (buf[from] !== ZERO) {
      for (let i = from; i < to; i++) out[at++] = buf[i] ?? 0;
    } else {
      at += out.write(String(position), at, 'latin1');
    }
    out[at++] = TAB;
    this.length = at;
  }
}

/** '\t.\t.\t': a 23andMe or AncestryDNA row's unknown REF and ALT around their tabs. */
const NO_ALLELES = Buffer.from('\t.\t.\t', 'latin1');

/**
 * Parses one row and, unless it is skipped, writes it to a RowWriter. After a row written, the
 * fields below say where it lies and what it calls, for the counts.
 */
export interface RowParser {
  /** The chromosome code (CHROMOSOME_X, CHROMOSOME_Y...) of the last row written. */
  chromosome: number;
  position: number;
  /** Whether the last row written is a call (not '--'), and a heterozygous one. */
  called: boolean;
  het: boolean;
  /**
   * The row on line `line`, buf[start, end) without its line ending; false when skipped. With
   * `out` null the row is checked and counted but not written (an import keeps the file itself).
   */
  parse(buf: Buffer, start: number, end: number, line: number, out: RowWriter | null): boolean;
}

export function rowParser(format: ImportFormat): RowParser {
  if (format === 'vcf') return new VcfRows();
  if (format === 'ancestrydna') return new AncestryRows();
  return new TwentyThreeAndMeRows();
}

/** Keeps the place and call of the row being parsed, without an object per row. */
abstract class Rows implements RowParser {
  chromosome = 0;
  position = 0;
  called = false;
  het = false;
  // Where the position's digits lie in the row.
  private digits = 0;
  private digitsEnd = 0;

  abstract parse(
    buf: Buffer,
    start: number,
    end: number,
    line: number,
    out: RowWriter | null,
  ): boolean;

  /**
   * Reads the chromosome from buf[chromosome, tab) and the position after it, up to tabAfter;
   * false for rows off the chromosomes we keep, or at position 0.
   */
  protected place(buf: Buffer, chromosome: number, tab: number, tabAfter: number, line: number) {
    const position = integerAt(buf, tab + 1, tabAfter);
    if (position < 0) throw unreadableRow(line);
    const code = chromosomeCode(buf, chromosome, tab);
    if (code === 0 || position === 0) return false;
    this.chromosome = code;
    this.position = position;
    this.digits = tab + 1;
    this.digitsEnd = tabAfter;
    return true;
  }

  /** Writes the chromosome and position of the row. */
  protected writePlace(buf: Buffer, out: RowWriter): void {
    out.place(this.chromosome, this.position, buf, this.digits, this.digitsEnd);
  }

  /** Ends the row written to out. */
  protected endRow(out: RowWriter): void {
    out.byte(NEWLINE);
    out.rows += 1;
  }
}

function noCall(out: RowWriter): void {
  out.ensure(2);
  out.buffer[out.length++] = DASH;
  out.buffer[out.length++] = DASH;
}

/** rsid, chromosome, position, genotype ('AG', 'A' when haploid, '--' for no call). */
class TwentyThreeAndMeRows extends Rows {
  override parse(buf: Buffer, start: number, end: number, line: number, out: RowWriter | null) {
    const t1 = tab(buf, start, end, line);
    const t2 = tab(buf, t1 + 1, end, line);
    const t3 = tab(buf, t2 + 1, end, line);
    const g = t3 + 1;
    const gEnd = nextTab(buf, g, end);
    if (gEnd === g) throw incompleteRow(line);
    if (!this.place(buf, t1 + 1, t2, t3, line)) return false;
    const a = buf[g] ?? 0;
    // '--', or a lone '-', is no call.
    const noCalled = a === DASH && (gEnd - g === 1 || (gEnd - g === 2 && buf[g + 1] === DASH));
    this.called = !noCalled;
    this.het = !noCalled && gEnd - g === 2 && a !== buf[g + 1];
    if (out === null) return true;
    this.writePlace(buf, out);
    out.copy(buf, start, t1);
    out.copy(NO_ALLELES, 0, NO_ALLELES.length);
    if (noCalled) noCall(out);
    else out.copy(buf, g, gEnd);
    this.endRow(out);
    return true;
  }
}

/** rsid, chromosome, position, allele1, allele2; '0' alleles are no call. */
class AncestryRows extends Rows {
  override parse(buf: Buffer, start: number, end: number, line: number, out: RowWriter | null) {
    const t1 = tab(buf, start, end, line);
    const t2 = tab(buf, t1 + 1, end, line);
    const t3 = tab(buf, t2 + 1, end, line);
    const t4 = tab(buf, t3 + 1, end, line);
    const a2End = nextTab(buf, t4 + 1, end);
    if (t4 === t3 + 1 || a2End === t4 + 1) throw incompleteRow(line);
    if (!this.place(buf, t1 + 1, t2, t3, line)) return false;
    const a = buf[t3 + 1] ?? 0;
    const b = buf[t4 + 1] ?? 0;
    const single = t4 - t3 === 2 && a2End - t4 === 2;
    const noCalled = single && (a === ZERO || b === ZERO || a === DASH || b === DASH);
    this.called = !noCalled;
    this.het = !noCalled && single && a !== b;
    if (out === null) return true;
    this.writePlace(buf, out);
    out.copy(buf, start, t1);
    out.copy(NO_ALLELES, 0, NO_ALLELES.length);
    if (noCalled) {
      noCall(out);
    } else {
      out.copy(buf, t3 + 1, t4);
      out.copy(buf, t4 + 1, a2End);
    }
    this.endRow(out);
    return true;
  }
}

/**
 * CHROM POS ID REF ALT QUAL FILTER INFO FORMAT SAMPLE...: the first sample's GT, with allele
 * numbers turned into bases through REF and ALT. A call with a missing allele ('./.', '.',
 * '0/.') counts as no call. FILTER is not looked at: we store what the file says. A written
 * row ends with what a VCF written from it keeps: CHROM as written, GT's first separator
 * ('|', '/', or none for one allele) and FILTER.
 */
class VcfRows extends Rows {
  /** GT's first separator ('|' or '/'), 0 for none. */
  private separator = 0;
  private readonly alleles: number[] = [0, 0];
  // Where each allele of the call lies in the row, found by locate().
  private readonly from: number[] = [];
  private readonly to: number[] = [];

  override parse(buf: Buffer, start: number, end: number, line: number, out: RowWriter | null) {
    const t0 = tab(buf, start, end, line);
    const t1 = tab(buf, t0 + 1, end, line);
    const t2 = tab(buf, t1 + 1, end, line);
    const t3 = tab(buf, t2 + 1, end, line);
    const t4 = tab(buf, t3 + 1, end, line);
    const t5 = tab(buf, t4 + 1, end, line);
    const t6 = tab(buf, t5 + 1, end, line);
    const t7 = longTab(buf, t6 + 1, end, line);
    const t8 = tab(buf, t7 + 1, end, line);
    const sampleEnd = nextTab(buf, t8 + 1, end);
    if (sampleEnd === t8 + 1 || t3 === t2 + 1 || t4 === t3 + 1) throw incompleteRow(line);
    if (!this.place(buf, start, t0, t1, line)) return false;

    const calls = this.call(buf, t2 + 1, t3, t4, t7 + 1, t8, t8 + 1, sampleEnd, line);
    this.called = calls > 0;
    if (out === null) return true;
    this.writePlace(buf, out);
    out.copy(buf, t1 + 1, t2);
    out.byte(TAB);
    out.copy(buf, t2 + 1, t3);
    out.byte(TAB);
    out.copy(buf, t3 + 1, t4);
    out.byte(TAB);
    if (calls === 0) {
      noCall(out);
    } else {
      for (let i = 0; i < calls; i++) out.copy(buf, this.from[i] ?? 0, this.to[i] ?? 0);
    }
    out.byte(TAB);
    out.copy(buf, start, t0);
    out.byte(TAB);
    if (this.separator !== 0) out.byte(this.separator);
    out.byte(TAB);
    out.copy(buf, t5 + 1, t6);
    this.endRow(out);
    return true;
  }

  /** Finds the alleles of the first sample's GT (in from and to); answers how many, 0 for none. */
  private call(
    buf: Buffer,
    ref: number,
    refEnd: number,
    altEnd: number,
    format: number,
    formatEnd: number,
    sample: number,
    sampleEnd: number,
    line: number,
  ): number {
    this.het = false;
    this.separator = 0;
    // Find GT among FORMAT's keys (it comes first when present), then the sample's value.
    let gt = format;
    let index = 0;
    for (let at = format; ; at++) {
      if (at === formatEnd || buf[at] === COLON) {
        if (at - gt === 2 && buf[gt] === 71 && buf[gt + 1] === 84) break;
        if (at === formatEnd) return 0;
        index += 1;
        gt = at + 1;
      }
    }
    let from = sample;
    for (let i = 0; i < index; i++) {
      while (from < sampleEnd && buf[from] !== COLON) from++;
      if (from === sampleEnd) return 0;
      from += 1;
    }
    let to = from;
    while (to < sampleEnd && buf[to] !== COLON) to++;

    const alleles = this.alleles;
    let count = 0;
    let missing = false;
    for (let at = from; at < to;) {
      const code = buf[at] ?? 0;
      if (code === DOT) {
        missing = true;
        at += 1;
      } else {
        let value = code - ZERO;
        if (value < 0 || value > 9) throw unreadableRow(line);
        for (at += 1; at < to; at++) {
          const digit = (buf[at] ?? 0) - ZERO;
          if (digit < 0 || digit > 9) break;
          value = value * 10 + digit;
        }
        alleles[count++] = value;
      }
      if (at < to) {
        const separator = buf[at];
        // '/' unphased, '|' phased; nothing may end on one.
        if ((separator !== 47 && separator !== 124) || at + 1 === to) throw unreadableRow(line);
        if (this.separator === 0) this.separator = separator;
        at += 1;
      }
    }
    if (missing || count === 0) return 0;

    const first = alleles[0] ?? 0;
    for (let i = 0; i < count; i++) {
      const allele = alleles[i] ?? 0;
      this.locate(buf, i, allele, ref, refEnd, altEnd, line);
      if (allele !== first) this.het = true;
    }
    return count;
  }

  /** Sets from[i] and to[i] around allele n: 0 is REF, n the n-th of ALT's comma-separated list. */
  private locate(
    buf: Buffer,
    i: number,
    n: number,
    ref: number,
    refEnd: number,
    altEnd: number,
    line: number,
  ) {
    if (n === 0) {
      this.from[i] = ref;
      this.to[i] = refEnd;
      return;
    }
    let from = refEnd + 1;
    for (let k = 1; k < n; k++) {
      while (from < altEnd && buf[from] !== COMMA) from++;
      if (from === altEnd) throw unreadableRow(line);
      from += 1;
    }
    let to = from;
    while (to < altEnd && buf[to] !== COMMA) to++;
    // ALT '.' has no alleles to number.
    if (to === from || (to - from === 1 && buf[from] === DOT)) throw unreadableRow(line);
    this.from[i] = from;
    this.to[i] = to;
  }
}
