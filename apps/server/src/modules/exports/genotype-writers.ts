import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import type { GenomeBuild } from '@nestling/shared/contract/my-data';
import { NO_CALL } from '../imports/formats.ts';
import { genotypeBatches, type GenotypeRow } from '../imports/genotype-reader.ts';

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
 * made before that (`genotypes.tsv.gz`), the gzip'd tab-separated rows it wrote.
 */
export function storedGenotypeBatches(
  stored: Readable,
  key: string,
  signal?: AbortSignal,
): AsyncGenerator<GenotypeRow[]> {
  if (!key.endsWith(TSV_GZ)) return genotypeBatches(stored, { fileName: key, signal });
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
}

const BUILD_NUMBER: Record<GenomeBuild, string> = { GRCh37: '37', GRCh38: '38' };

/** The alleles of REF and ALT, REF first; ALT '.' adds none. */
function allelesOf(row: GenotypeRow): string[] {
  return row.alt === '.' ? [row.ref] : [row.ref, ...row.alt.split(',')];
}

/**
 * The allele numbers whose bases, joined, make the genotype, preferring the usual ploidy
 * (one copy on Y and MT, two elsewhere); null when none do. Any split that joins to the same
 * text reads back as the same genotype, so an ambiguous one (REF A, ALT AA) is no loss.
 */
export function splitGenotype(row: GenotypeRow): number[] | null {
  const alleles = allelesOf(row);
  const haploid = row.chromosome === 'Y' || row.chromosome === 'MT';
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

export class VcfNeedsReferenceError extends Error {
  constructor() {
    super('A VCF can be made only from genotypes whose reference allele is known.');
    this.name = 'VcfNeedsReferenceError';
  }
}

/** GT for a row: allele numbers in the stored order, unphased (an import keeps no phase). */
function gtOf(row: GenotypeRow): string {
  if (row.genotype === NO_CALL) {
    return row.chromosome === 'Y' || row.chromosome === 'MT' ? '.' : './.';
  }
  const split = splitGenotype(row);
  if (split === null) {
    throw new Error(
      `The stored genotype at ${row.chromosome}:${String(row.position)} does not match its alleles.`,
    );
  }
  return split.map(String).join('/');
}

/**
 * A one-sample VCFv4.2 of genotypes imported from a VCF: the rows as they were read, with GT
 * rebuilt from the genotype and REF/ALT. Rows without a known REF (a 23andMe or AncestryDNA
 * import) cannot be written: a VCF must name the reference allele.
 */
export async function* writeVcf(
  batches: AsyncIterable<GenotypeRow[]>,
  options: WriterOptions,
): AsyncGenerator<string> {
  const day = options.generatedAt.toISOString().slice(0, 10).replaceAll('-', '');
  yield [
    '##fileformat=VCFv4.2',
    `##fileDate=${day}`,
    `##source=${options.productName.replace(/\s+/g, '_')}`,
    `##reference=${options.build}`,
    '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
    '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tSAMPLE',
    '',
  ].join('\n');
  let written = 0;
  for await (const rows of batches) {
    let text = '';
    for (const row of rows) {
      if (row.ref === '.') throw new VcfNeedsReferenceError();
      text += `${row.chromosome}\t${String(row.position)}\t${row.id}\t${row.ref}\t${row.alt}\t.\t.\t.\tGT\t${gtOf(row)}\n`;
    }
    written += rows.length;
    yield text;
    options.onRows?.(written);
  }
}
