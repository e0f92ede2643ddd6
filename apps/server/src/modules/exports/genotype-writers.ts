import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import type { GenomeBuild } from '@nestling/shared/contract/my-data';
import {
  NO_CALL,
  genotypeBatches,
  type GenotypeRow,
  type VcfHeaderLines,
} from '../imports/index.ts';
import { Refusal } from '../../lib/refusal.ts';

/*
 * An import's stored genotypes written back out, as streams of text: a 23andMe-format raw data
 * file, or a VCF. Rows come in batches from storedGenotypeBatches, so a genome of millions of
 * rows never sits in memory.
 */

const BATCH_ROWS = 10_000;

/** The ending of the stored form imports kept before they kept the uploaded file itself. */
const TSV_GZ = '.tsv.gz';

/**
 * The rows of an import's stored genotypes (its `genotypesKey` in the file store), in batches,
 * in file order: the uploaded file itself, read again as the import read it, or, for an import
 * made before that (`genotypes.tsv.gz`), the gzip'd tab-separated rows it wrote. For an
 * uploaded VCF, onVcfHeader receives its ##contig and ##FILTER lines before the first batch.
 */
export function storedGenotypeBatches(
  stored: Readable,
  key: string,
  signal?: AbortSignal,
  onVcfHeader?: (header: VcfHeaderLines) => void,
): AsyncGenerator<GenotypeRow[]> {
  if (!key.endsWith(TSV_GZ)) {
    return genotypeBatches(stored, { fileName: key, signal, onVcfHeader });
  }
  const gunzip = createGunzip();
  stored.on('error', (error) => gunzip.destroy(error));
  stored.pipe(gunzip);
  return readTabSeparatedGenotypes(gunzip, signal);
}

/**
 * The rows of the earlier stored form (decompressed): a header line (#...), then `chromosome
 * position id ref alt genotype` separated by tabs. In batches, in file order.
 */
export async function* readTabSeparatedGenotypes(
  input: AsyncIterable<Buffer | string>,
  signal?: AbortSignal,
): AsyncGenerator<GenotypeRow[]> {
  // The stored file is UTF-8 text; a character may be split between chunks.
  const decoder = new StringDecoder('utf8');
  let carry = '';
  let batch: GenotypeRow[] = [];
  const take = (line: string) => {
    if (line === '' || line.startsWith('#')) return;
    const [chromosome, position, id, ref, alt, genotype, extra] = line.split('\t');
    if (genotype === undefined || extra !== undefined || chromosome === undefined) {
      throw new Error('The stored genotypes are damaged: a row does not have six columns.');
    }
    batch.push({
      chromosome,
      position: Number(position),
      id: id ?? '.',
      ref: ref ?? '.',
      alt: alt ?? '.',
      genotype,
    });
  };
  for await (const chunk of input) {
    signal?.throwIfAborted();
    const lines = (carry + (typeof chunk === 'string' ? chunk : decoder.write(chunk))).split('\n');
    carry = lines.pop() ?? '';
    for (const line of lines) take(line);
    if (batch.length >= BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  take(carry + decoder.end());
  if (batch.length > 0) yield batch;
}

export interface WriterOptions {
  build: GenomeBuild;
  /** The portal's name, for the header. */
  productName: string;
  generatedAt: Date;
  /** Called after each batch with the rows written so far. */
  onRows?: (rows: number) => void;
  /**
   * For a VCF: the uploaded VCF's own ##contig and ##FILTER lines, or null (asked for once the
   * first batch is in, when the reader has passed the header).
   */
  vcfHeader?: () => VcfHeaderLines | null;
}

const BUILD_NUMBER: Record<GenomeBuild, string> = { GRCh37: '37', GRCh38: '38' };

/** The alleles of REF and ALT, REF first; ALT '.' adds none. */
function allelesOf(row: GenotypeRow): string[] {
  return row.alt === '.' ? [row.ref] : [row.ref, ...row.alt.split(',')];
}

/** Whether a row's call has one allele: as its GT had, else as usual on Y and MT. */
function isHaploid(row: GenotypeRow): boolean {
  return row.phase === undefined
    ? row.chromosome === 'Y' || row.chromosome === 'MT'
    : row.phase === '';
}

/**
 * The allele numbers whose bases, joined, make the genotype, preferring the ploidy of the GT
 * read (else the usual one: one copy on Y and MT, two elsewhere); null when none do. Any split
 * that joins to the same text reads back as the same genotype, so an ambiguous one (REF A,
 * ALT AA) is no loss.
 */
export function splitGenotype(row: GenotypeRow): number[] | null {
  const alleles = allelesOf(row);
  const haploid = isHaploid(row);
  const ploidies = haploid ? [1, 2, 3, 4] : [2, 1, 3, 4];
  const search = (rest: string, left: number): number[] | null => {
    if (left === 0) return rest === '' ? [] : null;
    for (const [index, allele] of alleles.entries()) {
      if (allele !== '' && rest.startsWith(allele)) {
        const tail = search(rest.slice(allele.length), left - 1);
        if (tail !== null) return [index, ...tail];
      }
    }
    return null;
  };
  for (const ploidy of ploidies) {
    const found = search(row.genotype, ploidy);
    if (found !== null) return found;
  }
  return null;
}

const BASES = /^[ACGT]$/;

/**
 * A VCF row's genotype the way 23andMe writes it: single bases as they are; for an insertion
 * or deletion, 'I' for the longer allele and 'D' for the shorter (23andMe's convention).
 */
function twentyThreeAndMeGenotype(row: GenotypeRow): string {
  if (row.genotype === NO_CALL || row.ref === '.') return row.genotype;
  const split = splitGenotype(row);
  if (split === null) return row.genotype;
  const alleles = allelesOf(row);
  const called = split.map((index) => alleles[index] ?? '');
  if (called.every((allele) => BASES.test(allele))) return called.join('');
  const shortest = Math.min(...alleles.map((allele) => allele.length));
  if (alleles.every((allele) => allele.length === shortest)) return row.genotype;
  // 23andMe writes a heterozygous indel 'DI', never 'ID'.
  return called
    .map((allele) => (allele.length === shortest ? 'D' : 'I'))
    .sort()
    .join('');
}

/**
 * A 23andMe-format raw data file: comment lines naming the build and the portal, the column
 * line, then `rsid chromosome position genotype`. A row without an rsid (from a VCF) gets
 * `i<chromosome>_<position>`, shaped like 23andMe's own internal ids, which no rsid is.
 */
export async function* write23andMe(
  batches: AsyncIterable<GenotypeRow[]>,
  options: WriterOptions,
): AsyncGenerator<string> {
  const build = options.build;
  yield [
    `# This file was made by ${options.productName} on ${options.generatedAt.toISOString()} from genotypes you imported.`,
    '# It follows the 23andMe raw data format; it is not a file from 23andMe.',
    `# We are using reference human assembly build ${BUILD_NUMBER[build]} (${build}).`,
    '# Rows without an rsid are named i<chromosome>_<position>; -- is a no-call.',
    '# rsid\tchromosome\tposition\tgenotype',
    '',
  ].join('\n');
  let written = 0;
  for await (const rows of batches) {
    let text = '';
    for (const row of rows) {
      const position = String(row.position);
      const id = row.id === '.' ? `i${row.chromosome}_${position}` : row.id;
      text += `${id}\t${row.chromosome}\t${position}\t${twentyThreeAndMeGenotype(row)}\n`;
    }
    written += rows.length;
    yield text;
    options.onRows?.(written);
  }
}

export const VCF_NEEDS_REFERENCE =
  'A VCF can be made only from genotypes whose reference allele is known.';

/**
 * GT for a row: allele numbers in the stored order, joined by the separator read ('|' keeps a
 * phased call phased), '/' for rows that have none.
 */
function gtOf(row: GenotypeRow): string {
  const separator = row.phase === '|' ? '|' : '/';
  if (row.genotype === NO_CALL) return isHaploid(row) ? '.' : `.${separator}.`;
  const split = splitGenotype(row);
  if (split === null) {
    throw new Error(
      `The stored genotype at ${row.chromosome}:${String(row.position)} does not match its alleles.`,
    );
  }
  return split.map(String).join(separator);
}

/*
 * The header's ##contig lines. A contig a row names must be declared before the rows, which
 * are read only after it, so the header declares, in order:
 * - the uploaded VCF's own ##contig lines, as they are (with the build's length added where a
 *   line has none and the contig is one we know): they name what the rows name;
 * - then the build's 1-22, X, Y and mitochondrion, in the naming style of the first row
 *   ('chr1' or '1'; chrM or MT), that the file did not declare: a VCF without ##contig lines
 *   (and the tsv.gz form of earlier imports) gets the standard set;
 * - then any other contig named in the first batch, so that a small file is declared whole.
 * A file without ##contig lines that names its contigs unusually ('chrMT') past its first
 * batch can still have a row on an undeclared contig; tools warn about those rows only.
 */

const CONTIG_LENGTHS: Record<GenomeBuild, ReadonlyMap<string, number>> = {
  GRCh37: lengths([
    249250621, 243199373, 198022430, 191154276, 180915260, 171115067, 159138663, 146364022,
    141213431, 135534747, 135006516, 133851895, 115169878, 107349540, 102531392, 90354753, 81195210,
    78077248, 59128983, 63025520, 48129895, 51304566, 155270560, 59373566, 16569,
  ]),
  GRCh38: lengths([
    248956422, 242193529, 198295559, 190214555, 181538259, 170805979, 159345973, 145138636,
    138394717, 133797422, 135086622, 133275309, 114364328, 107043718, 101991189, 90338345, 83257441,
    80373285, 58617616, 64444167, 46709983, 50818468, 156040895, 57227415, 16569,
  ]),
};
/** UCSC's hg19 chrM is not GRCh37's MT (the revised Cambridge sequence) but an older one. */
const HG19_CHRM_LENGTH = 16571;

/** 1-22, X, Y, MT to lengths. */
function lengths(values: readonly number[]): ReadonlyMap<string, number> {
  const names = [...Array.from({ length: 22 }, (_, index) => String(index + 1)), 'X', 'Y', 'MT'];
  return new Map(names.map((name, index) => [name, values[index] ?? 0]));
}

/** The build's length of a contig named either way ('chr1', '1', 'chrM', 'MT'); else undefined. */
export function contigLength(build: GenomeBuild, name: string): number | undefined {
  const bare = name.replace(/^chr/i, '').toUpperCase();
  if (bare === 'M' || bare === 'MT') {
    return build === 'GRCh37' && /^chrM$/i.test(name) ? HG19_CHRM_LENGTH : 16569;
  }
  return CONTIG_LENGTHS[build].get(bare);
}

const ATTRIBUTE_ID = /[<,]ID=([^,>]+)/;
const FILTER_NAME = /^[^\s,<>="]+$/;

function contigLine(build: GenomeBuild, name: string): string {
  const length = contigLength(build, name);
  return length === undefined
    ? `##contig=<ID=${name}>`
    : `##contig=<ID=${name},length=${String(length)}>`;
}

function contigLines(
  build: GenomeBuild,
  original: readonly string[],
  firstRows: readonly GenotypeRow[],
): string[] {
  const declared = new Map<string, string>();
  for (const line of original) {
    const id = ATTRIBUTE_ID.exec(line)?.[1];
    if (id === undefined || declared.has(id)) continue;
    const length = contigLength(build, id);
    const complete =
      length === undefined || /[<,]length=/.test(line)
        ? line
        : line.replace(/>$/, `,length=${String(length)}>`);
    declared.set(id, complete);
  }
  const first = firstRows[0];
  const prefix = /^chr/i.exec(first?.contig ?? first?.chromosome ?? '')?.[0];
  const standard = [...CONTIG_LENGTHS[build].keys()].map((name) =>
    prefix === undefined ? name : `${prefix}${name === 'MT' ? 'M' : name}`,
  );
  const used = firstRows.map((row) => row.contig ?? row.chromosome);
  for (const name of [...standard, ...used]) {
    if (!declared.has(name)) declared.set(name, contigLine(build, name));
  }
  return [...declared.values()];
}

/**
 * The header's ##FILTER lines: PASS, the uploaded VCF's own, and any other filter named in the
 * first batch (described as the imported file's), for the reason given for contigs above.
 */
function filterLines(original: readonly string[], firstRows: readonly GenotypeRow[]): string[] {
  const declared = new Map<string, string>([
    ['PASS', '##FILTER=<ID=PASS,Description="All filters passed">'],
  ]);
  for (const line of original) {
    const id = ATTRIBUTE_ID.exec(line)?.[1];
    if (id !== undefined) declared.set(id, line);
  }
  for (const row of firstRows) {
    if (row.filter === undefined || row.filter === '.' || declared.has(row.filter)) continue;
    for (const name of row.filter.split(';')) {
      // A name that would break the line is left undeclared.
      if (!declared.has(name) && FILTER_NAME.test(name)) {
        declared.set(name, `##FILTER=<ID=${name},Description="A filter of the imported file">`);
      }
    }
  }
  return [...declared.values()];
}

/**
 * A one-sample VCFv4.2 of genotypes imported from a VCF: the rows as they were read, with their
 * contig names, FILTER and GT's phase as the file had them and GT rebuilt from the genotype and
 * REF/ALT (QUAL and INFO are not kept). Rows without a known REF (a 23andMe or AncestryDNA
 * import) cannot be written: a VCF must name the reference allele. Rows from the tsv.gz stored
 * form of earlier imports have no contig, phase or filter: they are written with normalized
 * names, unphased and FILTER '.'.
 */
export async function* writeVcf(
  batches: AsyncIterable<GenotypeRow[]>,
  options: WriterOptions,
): AsyncGenerator<string> {
  const { build } = options;
  const iterator = batches[Symbol.asyncIterator]();
  let next = await iterator.next();
  try {
    // Read before the header is written: it names the contigs and filters the rows use.
    const firstRows = next.done === true ? [] : next.value;
    const original = options.vcfHeader?.() ?? { contigs: [], filters: [] };
    const day = options.generatedAt.toISOString().slice(0, 10).replaceAll('-', '');
    yield [
      '##fileformat=VCFv4.2',
      `##fileDate=${day}`,
      `##source=${options.productName.replace(/\s+/g, '_')}`,
      `##reference=${build}`,
      ...contigLines(build, original.contigs, firstRows),
      ...filterLines(original.filters, firstRows),
      '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
      '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tSAMPLE',
      '',
    ].join('\n');
    let written = 0;
    while (next.done !== true) {
      const rows = next.value;
      let text = '';
      for (const row of rows) {
        if (row.ref === '.') throw new Refusal(409, VCF_NEEDS_REFERENCE);
        // An empty FILTER column, which the reader lets by, would not be a VCF's.
        const filter = row.filter === undefined || row.filter === '' ? '.' : row.filter;
        text += `${row.contig ?? row.chromosome}\t${String(row.position)}\t${row.id}\t${row.ref}\t${row.alt}\t.\t${filter}\t.\tGT\t${gtOf(row)}\n`;
      }
      written += rows.length;
      yield text;
      options.onRows?.(written);
      next = await iterator.next();
    }
  } finally {
    // Left early (an error, or the reader of this text stopped): the rows' reader stops too.
    if (next.done !== true) await iterator.return?.();
  }
}
