import { isAscii } from 'node:buffer';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import {
  IMPORT_FILE_REFUSED,
  importFileEnding,
  type GenomeBuild,
  type ImportFormat,
  type ImportSummary,
} from '@nestling/shared/contract/my-data';
import { ByteSource, unpack, type Compression } from './decompress.ts';
import {
  CHROMOSOME_X,
  CHROMOSOME_XY,
  CHROMOSOME_Y,
  FormatSniffer,
  rowParser,
  RowWriter,
  type Detected,
  type RowParser,
} from './formats.ts';
import {
  nameMismatch,
  NO_GENOTYPES,
  NOT_A_GENOTYPE_FILE,
  refused,
  unreadableRow,
  unsupportedBuild,
  VCF_NO_BUILD,
} from './refusals.ts';
import { Refusal } from '../../lib/refusal.ts';

/*
 * Reads a consumer genotype file (23andMe, AncestryDNA, VCF; plain, gzip or zip) as a stream
 * and hands its rows out in batches. Pure: no database, no storage. Every reason to refuse a
 * file is a refusal (`refused`) with a sentence for the person who uploaded it. A refusal may
 * come after some batches (a cut-off end, a second file in a zip), so a caller keeps what
 * onRows received only when the whole read succeeds.
 */

export interface GenotypeRow {
  /** '1'..'22', 'X', 'Y' or 'MT'. */
  chromosome: string;
  /** 1-based. */
  position: number;
  /** The rsid, or '.'. */
  id: string;
  /** The reference allele from a VCF; '.' when unknown (23andMe, AncestryDNA). */
  ref: string;
  /** VCF ALT, comma-separated as in the file; '.' when unknown. */
  alt: string;
  /** The called alleles joined without separator ('AG', 'A', 'TT'); '--' for a no-call. */
  genotype: string;
  // The last three are what a VCF written from a VCF row keeps; rows of the other formats, and
  // of the tsv.gz stored form of earlier imports, have none of them.
  /** CHROM as the file writes it ('chr1', '1', 'chrM'), where `chromosome` is normalized. */
  contig?: string;
  /**
   * The first sample's GT separator: '|' phased, '/' unphased, '' when GT has one allele (or
   * there is no GT).
   */
  phase?: '|' | '/' | '';
  /** FILTER as written: 'PASS', '.', or the failed filters' names separated by ';'. */
  filter?: string;
}

/** A VCF's header lines that a VCF written from its rows declares again. */
export interface VcfHeaderLines {
  /** Its ##contig lines, in its order. */
  contigs: readonly string[];
  /** Its ##FILTER lines. */
  filters: readonly string[];
}

export interface ReadOptions {
  /** What the person called it; the content must agree with its ending. */
  fileName: string;
  /**
   * Refuse when decompressed bytes exceed maxRatio x compressed bytes read so far, once past
   * 1 MiB decompressed; default 100.
   */
  maxRatio?: number;
  /** Abort: reject with the signal's reason, stop reading. */
  signal?: AbortSignal;
  /** Called for every chunk read; keep it cheap. */
  onProgress?: (compressedBytesRead: number) => void;
  /**
   * The rows, in batches of up to 10,000, in file order; awaited (backpressure). Without it
   * rows are only checked and counted, which is what an import does: it keeps the file itself.
   */
  onRows?: (rows: GenotypeRow[]) => Promise<void> | void;
  /** For a VCF: its ##contig and ##FILTER lines, once its header is read (before any rows). */
  onVcfHeader?: (header: VcfHeaderLines) => void;
}

/**
 * A batch written by RowWriter (UTF-8 lines of `chromosome position id ref alt genotype`, and
 * for a VCF `contig phase filter`, tab-separated) as objects.
 */
function storedRows(bytes: Buffer): GenotypeRow[] {
  const rows: GenotypeRow[] = [];
  const text = bytes.toString('utf8');
  for (let start = 0, end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
    const [
      chromosome = '',
      position = '',
      id = '',
      ref = '',
      alt = '',
      genotype = '',
      contig,
      phase,
      filter = '.',
    ] = text.slice(start, end).split('\t');
    rows.push(
      contig === undefined
        ? { chromosome, position: Number(position), id, ref, alt, genotype }
        : {
            chromosome,
            position: Number(position),
            id,
            ref,
            alt,
            genotype,
            contig,
            phase: phase === '|' || phase === '/' ? phase : '',
            filter,
          },
    );
    start = end + 1;
  }
  return rows;
}

const DEFAULT_MAX_RATIO = 100;
const BATCH_ROWS = 10_000;
/** A batch is handed out sooner when its rows are long. */
const BATCH_BYTES = 1024 * 1024;
/** The longest row we hold: far beyond any real one, short of running out of memory. */
const MAX_LINE = 16 * 1024 * 1024;

type Ending = NonNullable<ReturnType<typeof importFileEnding>>;

/** What each name promises. */
const EXPECTED: Record<Ending, { compression: Compression; formats: readonly ImportFormat[] }> = {
  '.txt': { compression: 'none', formats: ['23andme', 'ancestrydna'] },
  '.zip': { compression: 'zip', formats: ['23andme', 'ancestrydna', 'vcf'] },
  '.vcf': { compression: 'none', formats: ['vcf'] },
  '.vcf.gz': { compression: 'gzip', formats: ['vcf'] },
  '.vcf.bgz': { compression: 'gzip', formats: ['vcf'] },
};

const FORMAT_NAMES: Record<ImportFormat, string> = {
  '23andme': 'a 23andMe raw data file',
  ancestrydna: 'an AncestryDNA raw data file',
  vcf: 'a VCF file',
};

function describe(compression: Compression, format: ImportFormat): string {
  const name = FORMAT_NAMES[format];
  if (compression === 'gzip') return name.replace(/^an? /, 'a gzip-compressed ');
  if (compression === 'zip') return `a zip file holding ${name}`;
  return name;
}

/** Checks the name against what the file turned out to be, and settles the build. */
function settle(found: Detected, compression: Compression, ending: Ending): GenomeBuild {
  const expected = EXPECTED[ending];
  if (compression !== expected.compression || !expected.formats.includes(found.format)) {
    throw nameMismatch(describe(compression, found.format), ending);
  }
  const { build } = found;
  if (build === null) {
    if (found.format === 'vcf') throw refused(VCF_NO_BUILD);
    // 23andMe's and AncestryDNA's exports without a stated build are on build 37.
    return 'GRCh37';
  }
  if (typeof build === 'object') throw unsupportedBuild(build.unsupported);
  return build;
}

/** Where the pseudo-autosomal regions of X end (PAR1) and begin (PAR2). */
const PAR: Record<GenomeBuild, { par1End: number; par2Start: number }> = {
  GRCh37: { par1End: 2_699_520, par2Start: 154_931_044 },
  GRCh38: { par1End: 2_781_479, par2Start: 155_701_383 },
};

/*
 * The sex the sex chromosomes imply, to check against the profile (not a diagnosis). Outside
 * the pseudo-autosomal regions a male has one X, so his X calls are homozygous or haploid
 * but for genotyping errors, and he has Y calls; a female has heterozygous X calls and no Y.
 * - Fewer than 100 called non-PAR X rows: null, too few to tell.
 * - Male: under 1% of those heterozygous, and at least 10 called Y rows, or no Y rows at all
 *   (many VCFs leave Y out).
 * - Female: at least 5% heterozygous, and called Y rows under 1% of the Y rows present
 *   (23andMe lists Y rows as '--' for women; a stray call is noise), or no Y rows.
 * - Anything else (1 to 5%, or X and Y disagreeing) is null.
 */
const MIN_X_CALLS = 100;
const MALE_MAX_X_HET = 0.01;
const MALE_MIN_Y_CALLS = 10;
const FEMALE_MIN_X_HET = 0.05;
const FEMALE_MAX_Y_SHARE = 0.01;

class Tally {
  variants = 0;
  noCalls = 0;
  private xCalls = 0;
  private xHets = 0;
  private yRows = 0;
  private yCalls = 0;
  private readonly par1End: number;
  private readonly par2Start: number;

  constructor(build: GenomeBuild) {
    ({ par1End: this.par1End, par2Start: this.par2Start } = PAR[build]);
  }

  add(row: RowParser): void {
    this.variants += 1;
    const { called, chromosome } = row;
    if (!called) this.noCalls += 1;
    // PLINK's XY, the pseudo-autosomal part of X, is stored as X.
    if (chromosome === CHROMOSOME_X || chromosome === CHROMOSOME_XY) {
      if (called && row.position > this.par1End && row.position < this.par2Start) {
        this.xCalls += 1;
        if (row.het) this.xHets += 1;
      }
    } else if (chromosome === CHROMOSOME_Y) {
      this.yRows += 1;
      if (called) this.yCalls += 1;
    }
  }

  impliedSex(): 'female' | 'male' | null {
    if (this.xCalls < MIN_X_CALLS) return null;
    const het = this.xHets / this.xCalls;
    if (het < MALE_MAX_X_HET && (this.yCalls >= MALE_MIN_Y_CALLS || this.yRows === 0)) {
      return 'male';
    }
    if (
      het >= FEMALE_MIN_X_HET &&
      (this.yRows === 0 || this.yCalls < FEMALE_MAX_Y_SHARE * this.yRows)
    ) {
      return 'female';
    }
    return null;
  }
}

/**
 * Reads the whole file and returns what it found; rows go to onRows on the way. Rejects with
 * a refusal (`refused`) when the file is not one we import, with the signal's reason when
 * aborted, and with the input's own error when reading it fails.
 */
export async function readGenotypes(
  input: NodeJS.ReadableStream | Readable,
  options: ReadOptions,
): Promise<Omit<ImportSummary, 'sexMatchesProfile'>> {
  const ending = importFileEnding(options.fileName);
  if (ending === null) throw refused(IMPORT_FILE_REFUSED);
  const { signal } = options;
  signal?.throwIfAborted();
  const source = new ByteSource(input, options.onProgress);
  // Destroying the input ends a read waiting on it; the catch below then gives the reason.
  const stop = () => {
    source.close();
  };
  signal?.addEventListener('abort', stop, { once: true });
  try {
    return await read(source, ending, options);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw error;
  } finally {
    signal?.removeEventListener('abort', stop);
    source.close();
  }
}

/**
 * The rows of a file as batches to pull (for writers that pull, such as the exports), read as
 * readGenotypes reads them. Leaving the loop early stops the read.
 */
export async function* genotypeBatches(
  input: NodeJS.ReadableStream | Readable,
  options: Omit<ReadOptions, 'onRows'>,
): AsyncGenerator<GenotypeRow[], void, undefined> {
  const stop = new AbortController();
  const signal =
    options.signal === undefined ? stop.signal : AbortSignal.any([options.signal, stop.signal]);
  // Two batches ahead at most: the reader waits for the writer.
  const channel = new PassThrough({ objectMode: true, highWaterMark: 2 });
  const reading = readGenotypes(input, {
    ...options,
    signal,
    onRows: async (rows) => {
      if (!channel.write(rows)) await once(channel, 'drain', { signal });
    },
  }).then(
    () => channel.end(),
    (error: unknown) => channel.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  try {
    for await (const rows of channel) yield rows as GenotypeRow[];
  } finally {
    stop.abort();
    await reading;
  }
}

interface Reading {
  format: ImportFormat;
  build: GenomeBuild;
  parser: RowParser;
  tally: Tally;
}

/** Lines in, rows and counts out: first through the sniffer, then through the format's parser. */
class Lines {
  line = 0;
  readonly out = new RowWriter();
  /** Whether rows are written to `out` (someone wants them), or only checked and counted. */
  private readonly target: RowWriter | null;
  private readonly sniffer: FormatSniffer;
  private reading: Reading | null = null;

  constructor(
    private readonly compression: Compression,
    private readonly ending: Ending,
    keepRows: boolean,
    private readonly onVcfHeader?: (header: VcfHeaderLines) => void,
  ) {
    this.target = keepRows ? this.out : null;
    this.sniffer = new FormatSniffer(onVcfHeader !== undefined);
  }

  /** How long a line may grow before it is refused. */
  get limit(): number {
    return this.reading === null ? this.sniffer.limit : MAX_LINE;
  }

  /** Whether a batch is ready to hand out. */
  get full(): boolean {
    return this.out.rows >= BATCH_ROWS || this.out.length >= BATCH_BYTES;
  }

  tooLong(): Refusal {
    return this.reading === null ? refused(NOT_A_GENOTYPE_FILE) : unreadableRow(this.line + 1);
  }

  /** Takes buf[start, lineEnd), one line without its '\n'. */
  take(buf: Buffer, start: number, lineEnd: number): void {
    this.line += 1;
    const end = lineEnd > start && buf[lineEnd - 1] === 13 ? lineEnd - 1 : lineEnd;
    let reading = this.reading;
    if (reading === null) {
      const found = this.sniffer.line(buf.toString('latin1', start, end));
      if (found === null) return;
      reading = this.begin(found);
      if (!found.lineIsRow) return;
    }
    // Blank lines and comments between rows are skipped.
    if (end === start || buf[start] === 35) return;
    const { parser } = reading;
    if (parser.parse(buf, start, end, this.line, this.target)) reading.tally.add(parser);
  }

  /** At the end of the file. */
  finish(): Reading {
    return this.reading ?? this.begin(this.sniffer.end());
  }

  private begin(found: Detected): Reading {
    const build = settle(found, this.compression, this.ending);
    this.reading = {
      format: found.format,
      build,
      parser: rowParser(found.format),
      tally: new Tally(build),
    };
    if (found.format === 'vcf') {
      this.onVcfHeader?.({ contigs: this.sniffer.contigs, filters: this.sniffer.filters });
    }
    return this.reading;
  }
}

async function read(source: ByteSource, ending: Ending, options: ReadOptions) {
  const { signal, onRows } = options;
  const { compression, chunks } = await unpack(source, options.maxRatio ?? DEFAULT_MAX_RATIO);
  const lines = new Lines(compression, ending, onRows !== undefined, options.onVcfHeader);
  const { out } = lines;
  const flush = async () => {
    const { batch, release } = out.take();
    const objects = storedRows(batch);
    release();
    await onRows?.(objects);
    signal?.throwIfAborted();
  };

  // Lines are found in each chunk by index; only a line split across chunks is joined.
  let carry: Buffer[] = [];
  let carried = 0;
  for await (const chunk of chunks) {
    signal?.throwIfAborted();
    // Bytes above 127 are latin1 characters, stored as UTF-8: rare, so checked per chunk.
    out.latin1 = !isAscii(chunk);
    let start = 0;
    if (carried > 0) {
      const newline = chunk.indexOf(10);
      if (newline === -1) {
        carry.push(chunk);
        carried += chunk.length;
        if (carried > lines.limit) throw lines.tooLong();
        continue;
      }
      carry.push(chunk.subarray(0, newline));
      const joined = Buffer.concat(carry, carried + newline);
      carry = [];
      carried = 0;
      out.latin1 = !isAscii(joined);
      lines.take(joined, 0, joined.length);
      out.latin1 = !isAscii(chunk);
      if (lines.full) await flush();
      start = newline + 1;
    }
    for (let newline = chunk.indexOf(10, start); newline !== -1;) {
      lines.take(chunk, start, newline);
      if (lines.full) await flush();
      start = newline + 1;
      newline = chunk.indexOf(10, start);
    }
    if (start < chunk.length) {
      // A copy: holding a slice would keep the whole chunk.
      const rest = Buffer.from(chunk.subarray(start));
      carry.push(rest);
      carried = rest.length;
    }
  }
  // A last line without a line ending; if it is a cut-off row, parsing it says so.
  if (carried > 0) {
    const last = Buffer.concat(carry, carried);
    out.latin1 = !isAscii(last);
    lines.take(last, 0, last.length);
  }
  const { format, build, tally } = lines.finish();
  if (out.rows > 0) await flush();
  if (tally.variants === 0) throw refused(NO_GENOTYPES);

  return {
    format,
    build,
    compression,
    variants: tally.variants,
    noCalls: tally.noCalls,
    callRate: (tally.variants - tally.noCalls) / tally.variants,
    impliedSex: tally.impliedSex(),
  };
}
