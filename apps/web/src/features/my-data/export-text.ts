import {
  EXPORT_LINK_MINUTES,
  EXPORT_NEEDS_IMPORT,
  isGenotypeExport,
  type DataExport,
  type ExportKind,
  type ExportState,
  type RequestableExportKind,
  type GenotypeImport,
} from '@nestling/shared/contract/my-data';
import { importDateTime } from './import-text.ts';

/*
 * The words of the My Data exports page: what each kind of export is, its state, the checks
 * made before one is asked for, and the link a download follows. Pure, so they are tested
 * without a server. Sizes, dates and percentages come from import-text.ts.
 */

/** The order the kinds are offered in: the health record first, as most people want it. */
export const EXPORT_KINDS: readonly RequestableExportKind[] = [
  'fhir-bundle',
  'reports-archive',
  'genotypes-23andme',
  'genotypes-vcf',
];

export const EXPORT_KIND_LABELS: Record<ExportKind, string> = {
  'fhir-bundle': 'Health record (FHIR R4 bundle)',
  'reports-archive': 'Reports and documents (ZIP)',
  'genotypes-23andme': 'Genotypes as a 23andMe file',
  'genotypes-vcf': 'Genotypes as a VCF',
  'raw-genome': 'Raw genome file from the lab',
};

/** What each kind is for, under its choice in the form. */
export const EXPORT_KIND_PURPOSES: Record<ExportKind, string> = {
  'fhir-bundle':
    'All your reports and your health survey in one file, for your doctor or clinic: most health record systems can read it.',
  'reports-archive':
    'Every report as a PDF and as data (JSON), each earlier version too, and your documents, in one ZIP file to keep.',
  'genotypes-23andme':
    'The genotypes of a file you imported, as a 23andMe raw data file, to take your data to another service.',
  'genotypes-vcf':
    'The genotypes of a file you imported, as a VCF (Variant Call Format) file, to take your data to another service.',
  'raw-genome':
    'The variant calls of your sample as the lab’s sequencer produced them (VCF), for a genetic counselor or another service.',
};

export const EXPORT_STATE_LABELS: Record<ExportState, string> = {
  queued: 'Waiting',
  preparing: 'Preparing',
  ready: 'Ready',
  failed: 'Failed',
};

/** True while the list should be read again: the export waits or is being prepared. */
export function isExportActive(state: ExportState): boolean {
  return state === 'queued' || state === 'preparing';
}

/** The select's and the radio group's value, back as a kind (the form's default otherwise). */
export function exportKindOf(value: string | null): RequestableExportKind {
  return EXPORT_KINDS.find((kind) => kind === value) ?? 'fhir-bundle';
}

/**
 * An export's name on the page (its card's heading): the kind, and for the genotype kinds the
 * imported file it comes from.
 */
export function exportTitle(item: Pick<DataExport, 'kind' | 'importFileName'>): string {
  const label = EXPORT_KIND_LABELS[item.kind];
  if (!isGenotypeExport(item.kind)) return label;
  return item.importFileName === null
    ? `${label}, from a deleted import`
    : `${label}, from ${item.importFileName}`;
}

/**
 * The imports an export of this kind can come from: those read to the end, newest first; a VCF
 * only from an imported VCF (23andMe and AncestryDNA files do not name the reference allele).
 */
export function exportableImports(
  imports: readonly GenotypeImport[],
  kind: ExportKind,
): GenotypeImport[] {
  return imports.filter(
    (item) => item.state === 'done' && (kind !== 'genotypes-vcf' || item.summary?.format === 'vcf'),
  );
}

/** An import in the "Imported file" select: its name and when it was imported. */
export function importChoiceLabel(item: Pick<GenotypeImport, 'fileName' | 'createdAt'>): string {
  return `${item.fileName}, imported ${importDateTime(item.createdAt)}`;
}

/** Why the form cannot ask for this export yet, checked before the request; else null. */
export function exportRequestProblem(kind: ExportKind, importId: string | null): string | null {
  return isGenotypeExport(kind) && (importId === null || importId === '')
    ? EXPORT_NEEDS_IMPORT
    : null;
}

/** Said in place of the "Imported file" select when there is nothing to export from. */
export const EXPORT_NO_IMPORTS =
  'You have no imported files to export genotypes from yet: a file can be exported once it has been imported and read.';

/** Said when a failed export carries no reason. */
export const EXPORT_FAILED_FALLBACK = 'something went wrong while preparing the files.';

export const EXPORT_LINK_INTRO = `A download link works for ${String(EXPORT_LINK_MINUTES)} minutes. If a download is interrupted, your browser can resume it where it stopped; once the link has expired, choose Download again.`;

/** Said when the link came back in a form the browser must not follow. */
export const EXPORT_LINK_UNUSABLE = 'The server sent a download link the portal could not use.';

/** Said under a file's Download button when no link could be made. */
export function linkFailureText(message: string): string {
  const reason = message.trim().replace(/\.$/, '');
  return `The download could not start: ${reason === '' ? 'no link was made' : reason}.`;
}

/**
 * The address a download link leads to, resolved against the API's base address (a link may be
 * a path on the API server); null unless it is an http or https address.
 */
export function downloadHref(url: string, apiBaseUrl: string): string | null {
  let resolved: URL;
  try {
    resolved = new URL(url, `${apiBaseUrl.replace(/\/+$/, '')}/`);
  } catch {
    return null;
  }
  return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : null;
}
