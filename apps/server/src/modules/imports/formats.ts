import type { GenomeBuild, ImportFormat } from '@nestling/shared/contract/my-data';
import type { GenotypeRow } from './genotype-reader.ts';
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
      const id = /[<,]ID=([^,>]+)/.exec(line)?.[1];
      const length = /[<,]length=(\d+)/.exec(line)?.[1];
      if ((id === '1' || id === 'chr1') && length !== undefined) {
        this.contigBuild = CHR1_LENGTHS.get(Number(length)) ?? null;
      }
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
 * Row parsing. These run once per row of files with millions of rows, so they work on the
 * decoded chunk by index (no split, no regex, no substring they can avoid) and hand out
 * shared strings for chromosomes and the common one- and two-letter alleles.
 */

export interface RowParser {
  /** Whether the last row parsed is a heterozygous call. */
  het: boolean;
  /** The row on line `line`, text[start, end) without its line ending; null to skip it. */
  parse(text: string, start: number, end: number, line: number): GenotypeRow | null;
}

export function rowParser(format: ImportFormat): RowParser {
  if (format === 'vcf') return new VcfRows();
  if (format === 'ancestrydna') return new AncestryRows();
  return new TwentyThreeAndMeRows();
}

// AncestryDNA (and PLINK) number X 23, Y 24, the pseudo-autosomal part of X 25 and MT 26.
// prettier-ignore
const NUMBERED: readonly string[] = [
  '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '15', '16', '17',
  '18', '19', '20', '21', '22', 'X', 'Y', 'X', 'MT',
];

const CHAR = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));
const PAIRS: (string | undefined)[] = [];

function pair(a: number, b: number): string {
  if (a >= 128 || b >= 128) return String.fromCharCode(a, b);
  return (PAIRS[(a << 7) | b] ??= String.fromCharCode(a, b));
}

/** text[start, end), shared when it is a single character. */
function piece(text: string, start: number, end: number): string {
  return end - start === 1
    ? (CHAR[text.charCodeAt(start)] ?? text.charAt(start))
    : text.slice(start, end);
}

const DOT = 46;
const DASH = 45;
const COLON = 58;
const ZERO = 48;

/** '1'..'22', 'X', 'Y' or 'MT' for text[start, end); null for anything else (a contig, '0'). */
export function chromosomeAt(text: string, start: number, end: number): string | null {
  let from = start;
  if (
    end - from > 3 &&
    (text.charCodeAt(from) | 0x20) === 99 && // c
    (text.charCodeAt(from + 1) | 0x20) === 104 && // h
    (text.charCodeAt(from + 2) | 0x20) === 114 // r
  ) {
    from += 3;
  }
  const length = end - from;
  const a = text.charCodeAt(from);
  if (length === 1) {
    if (a > ZERO && a <= ZERO + 9) return NUMBERED[a - ZERO] ?? null;
    const lower = a | 0x20;
    if (lower === 120) return 'X';
    if (lower === 121) return 'Y';
    if (lower === 109) return 'MT';
    return null;
  }
  if (length === 2) {
    const b = text.charCodeAt(from + 1);
    if (a > ZERO && a <= ZERO + 9 && b >= ZERO && b <= ZERO + 9) {
      return NUMBERED[(a - ZERO) * 10 + b - ZERO] ?? null;
    }
    const lowerA = a | 0x20;
    const lowerB = b | 0x20;
    if (lowerA === 109 && lowerB === 116) return 'MT';
    // PLINK's 'XY' is the pseudo-autosomal part of X.
    if (lowerA === 120 && lowerB === 121) return 'X';
  }
  return null;
}

/** A non-negative integer from text[start, end); -1 when it is not one. */
export function integerAt(text: string, start: number, end: number): number {
  if (end <= start || end - start > 15) return -1;
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** The next tab of the row; a row that runs out of tabs is cut short. */
function tab(text: string, from: number, end: number, line: number): number {
  const at = text.indexOf('\t', from);
  if (at === -1 || at >= end) throw incompleteRow(line);
  return at;
}

/** Where the last column ends: at a tab (extra columns are ignored) or the line's end. */
function columnEnd(text: string, from: number, end: number): number {
  const at = text.indexOf('\t', from);
  return at === -1 || at >= end ? end : at;
}

/** Keeps the chromosome and position of the row being parsed, without an object per row. */
abstract class Rows implements RowParser {
  het = false;
  protected chromosome = '';
  protected position = 0;

  abstract parse(text: string, start: number, end: number, line: number): GenotypeRow | null;

  /**
   * Reads the chromosome from text[chromosome, tab) and the position after it, up to tabAfter;
   * false for rows off the chromosomes we keep, or at position 0.
   */
  protected place(text: string, chromosome: number, tab: number, tabAfter: number, line: number) {
    const position = integerAt(text, tab + 1, tabAfter);
    if (position < 0) throw unreadableRow(line);
    const name = chromosomeAt(text, chromosome, tab);
    if (name === null || position === 0) return false;
    this.chromosome = name;
    this.position = position;
    return true;
  }
}

/** rsid, chromosome, position, genotype ('AG', 'A' when haploid, '--' for no call). */
class TwentyThreeAndMeRows extends Rows {
  override parse(text: string, start: number, end: number, line: number): GenotypeRow | null {
    const t1 = tab(text, start, end, line);
    const t2 = tab(text, t1 + 1, end, line);
    const t3 = tab(text, t2 + 1, end, line);
    const g = t3 + 1;
    const gEnd = columnEnd(text, g, end);
    if (gEnd === g) throw incompleteRow(line);
    // The id is read after the place: skipped rows cost no string.
    if (!this.place(text, t1 + 1, t2, t3, line)) return null;
    const a = text.charCodeAt(g);
    let genotype: string;
    this.het = false;
    if (gEnd - g === 2) {
      const b = text.charCodeAt(g + 1);
      if (a === DASH && b === DASH) {
        genotype = NO_CALL;
      } else {
        genotype = pair(a, b);
        this.het = a !== b;
      }
    } else if (gEnd - g === 1) {
      genotype = a === DASH ? NO_CALL : piece(text, g, gEnd);
    } else {
      genotype = text.slice(g, gEnd);
    }
    return {
      chromosome: this.chromosome,
      position: this.position,
      id: text.slice(start, t1),
      ref: '.',
      alt: '.',
      genotype,
    };
  }
}

/** rsid, chromosome, position, allele1, allele2; '0' alleles are no call. */
class AncestryRows extends Rows {
  override parse(text: string, start: number, end: number, line: number): GenotypeRow | null {
    const t1 = tab(text, start, end, line);
    const t2 = tab(text, t1 + 1, end, line);
    const t3 = tab(text, t2 + 1, end, line);
    const t4 = tab(text, t3 + 1, end, line);
    const a2End = columnEnd(text, t4 + 1, end);
    if (t4 === t3 + 1 || a2End === t4 + 1) throw incompleteRow(line);
    if (!this.place(text, t1 + 1, t2, t3, line)) return null;
    const a = text.charCodeAt(t3 + 1);
    const b = text.charCodeAt(t4 + 1);
    const single = t4 - t3 === 2 && a2End - t4 === 2;
    let genotype: string;
    this.het = false;
    if (single && (a === ZERO || b === ZERO || a === DASH || b === DASH)) {
      genotype = NO_CALL;
    } else if (single) {
      genotype = pair(a, b);
      this.het = a !== b;
    } else {
      genotype = text.slice(t3 + 1, t4) + text.slice(t4 + 1, a2End);
    }
    return {
      chromosome: this.chromosome,
      position: this.position,
      id: text.slice(start, t1),
      ref: '.',
      alt: '.',
      genotype,
    };
  }
}

/**
 * CHROM POS ID REF ALT QUAL FILTER INFO FORMAT SAMPLE...: the first sample's GT, with allele
 * numbers turned into bases through REF and ALT. A call with a missing allele ('./.', '.',
 * '0/.') counts as no call. FILTER is not looked at: we store what the file says.
 */
class VcfRows extends Rows {
  private readonly alleles: number[] = [];
  // Where the last allele located by locate() lies.
  private from = 0;
  private to = 0;

  override parse(text: string, start: number, end: number, line: number): GenotypeRow | null {
    const t0 = tab(text, start, end, line);
    const t1 = tab(text, t0 + 1, end, line);
    const t2 = tab(text, t1 + 1, end, line);
    const t3 = tab(text, t2 + 1, end, line);
    const t4 = tab(text, t3 + 1, end, line);
    const t5 = tab(text, t4 + 1, end, line);
    const t6 = tab(text, t5 + 1, end, line);
    const t7 = tab(text, t6 + 1, end, line);
    const t8 = tab(text, t7 + 1, end, line);
    const sampleEnd = columnEnd(text, t8 + 1, end);
    if (sampleEnd === t8 + 1 || t3 === t2 + 1 || t4 === t3 + 1) throw incompleteRow(line);
    if (!this.place(text, start, t0, t1, line)) return null;

    const genotype = this.genotype(text, t2 + 1, t3, t4, t7 + 1, t8, t8 + 1, sampleEnd, line);
    return {
      chromosome: this.chromosome,
      position: this.position,
      id: piece(text, t1 + 1, t2),
      ref: piece(text, t2 + 1, t3),
      alt: piece(text, t3 + 1, t4),
      genotype,
    };
  }

  private genotype(
    text: string,
    ref: number,
    refEnd: number,
    altEnd: number,
    format: number,
    formatEnd: number,
    sample: number,
    sampleEnd: number,
    line: number,
  ): string {
    this.het = false;
    // Find GT among FORMAT's keys (it comes first when present), then the sample's value.
    let gt = format;
    let index = 0;
    for (let at = format; ; at++) {
      if (at === formatEnd || text.charCodeAt(at) === COLON) {
        if (at - gt === 2 && text.charCodeAt(gt) === 71 && text.charCodeAt(gt + 1) === 84) break;
        if (at === formatEnd) return NO_CALL;
        index += 1;
        gt = at + 1;
      }
    }
    let from = sample;
    for (let i = 0; i < index; i++) {
      const colon = text.indexOf(':', from);
      if (colon === -1 || colon >= sampleEnd) return NO_CALL;
      from = colon + 1;
    }
    let to = text.indexOf(':', from);
    if (to === -1 || to >= sampleEnd) to = sampleEnd;

    const alleles = this.alleles;
    alleles.length = 0;
    let missing = false;
    for (let at = from; at < to;) {
      const code = text.charCodeAt(at);
      if (code === DOT) {
        missing = true;
        at += 1;
      } else {
        let value = code - ZERO;
        if (value < 0 || value > 9) throw unreadableRow(line);
        for (at += 1; at < to; at++) {
          const digit = text.charCodeAt(at) - ZERO;
          if (digit < 0 || digit > 9) break;
          value = value * 10 + digit;
        }
        alleles.push(value);
      }
      if (at < to) {
        const separator = text.charCodeAt(at);
        // '/' unphased, '|' phased; nothing may end on one.
        if ((separator !== 47 && separator !== 124) || at + 1 === to) throw unreadableRow(line);
        at += 1;
      }
    }
    if (missing || alleles.length === 0) return NO_CALL;

    const first = alleles[0] ?? 0;
    if (alleles.length === 2) {
      const second = alleles[1] ?? 0;
      this.locate(text, first, ref, refEnd, altEnd, line);
      const from0 = this.from;
      const to0 = this.to;
      this.locate(text, second, ref, refEnd, altEnd, line);
      this.het = first !== second;
      if (to0 - from0 === 1 && this.to - this.from === 1) {
        return pair(text.charCodeAt(from0), text.charCodeAt(this.from));
      }
      return text.slice(from0, to0) + text.slice(this.from, this.to);
    }
    let genotype = '';
    for (const allele of alleles) {
      this.locate(text, allele, ref, refEnd, altEnd, line);
      genotype += piece(text, this.from, this.to);
      if (allele !== first) this.het = true;
    }
    return genotype;
  }

  /** Sets from and to around allele n: 0 is REF, n the n-th of ALT's comma-separated list. */
  private locate(
    text: string,
    n: number,
    ref: number,
    refEnd: number,
    altEnd: number,
    line: number,
  ) {
    if (n === 0) {
      this.from = ref;
      this.to = refEnd;
      return;
    }
    let from = refEnd + 1;
    for (let i = 1; i < n; i++) {
      const comma = text.indexOf(',', from);
      if (comma === -1 || comma >= altEnd) throw unreadableRow(line);
      from = comma + 1;
    }
    let to = text.indexOf(',', from);
    if (to === -1 || to >= altEnd) to = altEnd;
    // ALT '.' has no alleles to number.
    if (to === from || (to - from === 1 && text.charCodeAt(from) === DOT)) {
      throw unreadableRow(line);
    }
    this.from = from;
    this.to = to;
  }
}
