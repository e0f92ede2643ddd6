import { Refusal } from '../../lib/refusal.ts';

export const NOT_A_GENOTYPE_FILE = 'This is not a 23andMe, AncestryDNA or VCF file we can read.';
export const NO_GENOTYPES = 'This file holds no genotypes.';
export const CUT_OFF =
  'The file ends too early: it looks cut off. Download it again and upload the new copy.';
export const DAMAGED =
  'This compressed file is damaged, so we cannot read it. Download it again and upload the new copy.';
export const EXPANDS_TOO_MUCH =
  'This compressed file expands far more than genetic data does, so we stopped reading it.';
export const VCF_NO_SAMPLES = "This VCF has no sample's genotypes.";
export const VCF_NO_BUILD =
  'This VCF does not say which genome build it uses (a ##reference or ##contig line).';
export const ZIP_NO_DATA_FILE =
  'This zip file does not hold a 23andMe, AncestryDNA or VCF file (.txt, .csv or .vcf).';
export const ZIP_MANY_DATA_FILES =
  'This zip file holds more than one data file. Unzip it and upload the genotype file on its own.';
export const ZIP_PASSWORD =
  'This zip file is protected by a password. Unzip it and upload the file inside.';
export const ZIP_METHOD =
  'This zip file is packed in a way we cannot read. Unzip it and upload the file inside.';

/**
 * A file we will not import, with a reason the person can act on (a 422 where a request reads
 * it). Anything else a read throws (a storage error, an abort) is not the file's fault.
 */
export function refused(message: string): Refusal {
  return new Refusal(422, message);
}

export function unsupportedBuild(name: string): Refusal {
  return refused(`This file uses genome build ${name}; we can import GRCh37 or GRCh38.`);
}

export function incompleteRow(line: number): Refusal {
  return refused(`Line ${line} is not a complete genotype row.`);
}

export function unreadableRow(line: number): Refusal {
  return refused(`Line ${line} is not a genotype row we can read.`);
}

export function nameMismatch(looksLike: string, ending: string): Refusal {
  return refused(
    `This file's contents do not match its name: it looks like ${looksLike} but its name ends in ${ending}.`,
  );
}
