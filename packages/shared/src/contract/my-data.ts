import * as z from 'zod/mini';
import { asUserSchema } from './view-as.ts';

/*
 * My Data (spec section 2, ADR 023): a person's imports, exports and data rights. Lab staff
 * turn it on per person (`enableDataPortal`); without it the pages and endpoints say so.
 * Long work (an import, an export) runs as a background job the person can follow.
 */

export const DATA_PORTAL_OFF =
  'My Data is not turned on for your account. Ask the lab to turn it on.';

export const jobStateSchema = z.enum(['queued', 'running', 'succeeded', 'failed', 'canceled']);
export type JobState = z.infer<typeof jobStateSchema>;

/** GET /my-data/jobs: admins may pass asUser (read-only, audited). */
export const myDataQuerySchema = z.object({ asUser: z.optional(asUserSchema) });

/** One background job as its owner sees it: never its payload. */
export const jobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  state: jobStateSchema,
  /** Attempts started so far, and how many are allowed. */
  attempts: z.number(),
  maxAttempts: z.number(),
  /** Work done so far and in all, in the job's own unit (bytes, files); total null if unknown. */
  progressDone: z.number(),
  progressTotal: z.nullable(z.number()),
  /** The last attempt's error, in words a person can read. */
  lastError: z.nullable(z.string()),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.nullable(z.string()),
});
export type Job = z.infer<typeof jobSchema>;

/** Newest first. */
export const jobsAnswerSchema = z.object({ jobs: z.array(jobSchema) });
export type JobsAnswer = z.infer<typeof jobsAnswerSchema>;

/*
 * Genome imports. A file is uploaded with the tus protocol to
 * IMPORT_UPLOAD_PATH, then read once by a background job that stores its genotypes.
 */

/** The tus endpoint, under /api. */
export const IMPORT_UPLOAD_PATH = '/my-data/uploads';

/** The largest file one may upload: 2 GB. */
export const IMPORT_MAX_BYTES = 2 * 1024 ** 3;

/** What a file may be called; the content must agree with the name. */
export const IMPORT_FILE_ENDINGS = ['.txt', '.zip', '.vcf', '.vcf.gz', '.vcf.bgz'] as const;

/** Null when the name does not end in one of IMPORT_FILE_ENDINGS (any case). */
export function importFileEnding(fileName: string): (typeof IMPORT_FILE_ENDINGS)[number] | null {
  const lower = fileName.toLowerCase();
  // Longest first, so that '.vcf.gz' is not taken for something shorter.
  const endings = [...IMPORT_FILE_ENDINGS].sort((a, b) => b.length - a.length);
  return endings.find((ending) => lower.endsWith(ending)) ?? null;
}

export const IMPORT_FILE_REFUSED =
  'Choose a 23andMe or AncestryDNA raw data file (.txt or .zip) or a VCF (.vcf or .vcf.gz).';
export const IMPORT_TOO_LARGE = 'This file is larger than 2 GB, the most we can import.';
export const IMPORT_EMPTY_FILE = 'This file is empty. Download it again and choose the new copy.';

export const importFormatSchema = z.enum(['23andme', 'ancestrydna', 'vcf']);
export type ImportFormat = z.infer<typeof importFormatSchema>;

export const genomeBuildSchema = z.enum(['GRCh37', 'GRCh38']);
export type GenomeBuild = z.infer<typeof genomeBuildSchema>;

/**
 * uploading: the upload has begun and not finished (it can be resumed); queued and importing:
 * the job waits or reads the file; done; failed: refused or broken, with the reason.
 */
export const importStateSchema = z.enum(['uploading', 'queued', 'importing', 'done', 'failed']);
export type ImportState = z.infer<typeof importStateSchema>;

/** What reading the file found. */
export const importSummarySchema = z.object({
  format: importFormatSchema,
  build: genomeBuildSchema,
  compression: z.enum(['none', 'gzip', 'zip']),
  /** Genotype rows read, called or not. */
  variants: z.number(),
  /** Rows without a genotype ('--', '0 0', './.'). */
  noCalls: z.number(),
  /** (variants - noCalls) / variants, from 0 to 1. */
  callRate: z.number(),
  /** The chromosomal sex the data implies (X heterozygosity, Y calls); null when it cannot tell. */
  impliedSex: z.nullable(z.enum(['female', 'male'])),
  /** Whether that agrees with the sex on the person's profile; null when either is unknown. */
  sexMatchesProfile: z.nullable(z.boolean()),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const genotypeImportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  /** Bytes of the uploaded file. */
  size: z.number(),
  state: importStateSchema,
  /** Bytes uploaded so far while uploading; bytes of the file read so far while importing. */
  progressDone: z.number(),
  progressTotal: z.nullable(z.number()),
  summary: z.nullable(importSummarySchema),
  /** SHA-256 of the uploaded file, hex, once it has been read: compare it with your copy. */
  sha256: z.nullable(z.string()),
  /** Why it failed, in words a person can act on. */
  error: z.nullable(z.string()),
  /** ISO 8601. */
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
});
export type GenotypeImport = z.infer<typeof genotypeImportSchema>;

/** GET /my-data/imports: newest first. */
export const importsAnswerSchema = z.object({ imports: z.array(genotypeImportSchema) });
export type ImportsAnswer = z.infer<typeof importsAnswerSchema>;

/** GET /my-data/imports/{id}, DELETE /my-data/imports/{id}. */
export const importParamsSchema = z.object({ id: z.string() });

/** The longest Upload-Metadata taken: a file name and its type, in base64, with room to spare. */
export const UPLOAD_METADATA_MAX_LENGTH = 4096;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const METADATA_KEY = /^[\x21-\x2b\x2d-\x7e]+$/;
// Control characters cannot be stored in text columns (NUL) and have no place in a file name.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * Whether a tus Upload-Metadata header is comma-separated pairs of a key and a base64 value
 * (or a key alone) whose text holds no control character such as NUL.
 */
export function isCleanUploadMetadata(header: string): boolean {
  return header.split(',').every((pair) => {
    const [key = '', value, ...rest] = pair.trim().split(' ');
    if (rest.length > 0 || !METADATA_KEY.test(key)) return false;
    if (value === undefined) return true;
    if (value.length % 4 !== 0 || !BASE64.test(value)) return false;
    // atob's bytes: in UTF-8 a control character is its own byte, never part of another's.
    return !CONTROL_CHARACTER.test(atob(value));
  });
}

const byteCount = z.string().check(z.regex(/^\d{1,15}$/, { error: 'must be a number of bytes' }));

/** The tus headers the portal reads, checked before tus sees them. */
export const uploadHeadersSchema = z.object({
  'upload-length': z.optional(byteCount),
  'upload-offset': z.optional(byteCount),
  'upload-metadata': z.optional(
    z.string().check(
      z.maxLength(UPLOAD_METADATA_MAX_LENGTH, {
        error: `must be at most ${String(UPLOAD_METADATA_MAX_LENGTH)} characters`,
      }),
      z.refine(isCleanUploadMetadata, {
        error:
          'must be pairs of a key and a base64 value, separated by commas, with no control characters such as NUL',
      }),
    ),
  ),
});

/*
 * Exports. A person asks for an export; a background job prepares its
 * files in the file store; each file is downloaded from a short-lived link that resumes (HTTP
 * Range). Kinds: the person's reports and survey as one HL7 FHIR R4 bundle (Genomics
 * Reporting), and an import's genotypes back out as a 23andMe-format text file or a VCF.
 */

export const exportKindSchema = z.enum([
  'fhir-bundle',
  'reports-archive',
  'genotypes-23andme',
  'genotypes-vcf',
  /** A raw genome file the lab delivered for the person (lab API); not one a person asks for. */
  'raw-genome',
]);
/** The kinds a person asks for on /my-data/exports. */
export const requestableExportKindSchema = z.enum([
  'fhir-bundle',
  'reports-archive',
  'genotypes-23andme',
  'genotypes-vcf',
]);
export type RequestableExportKind = z.infer<typeof requestableExportKindSchema>;
export type ExportKind = z.infer<typeof exportKindSchema>;

/** How long a download link works. */
export const EXPORT_LINK_MINUTES = 15;

/** The kinds made from one of the person's imports, which name it (`importId`). */
export function isGenotypeExport(kind: ExportKind): boolean {
  return kind === 'genotypes-23andme' || kind === 'genotypes-vcf';
}

/** The largest raw genome file a lab may attach: a whole genome's gzip VCF fits. */
export const RAW_GENOME_MAX_BYTES = 20 * 1024 ** 3;
export const RAW_GENOME_NOT_VCF =
  'This is not a VCF: send a .vcf file starting with ##fileformat=VCF, or a .vcf.gz (gzip or bgzip).';
export const RAW_GENOME_TOO_LARGE = 'The file is larger than 20 GiB.';

/** POST /lab/raw-files: the person's individual order and the file's name. */
export const rawGenomeQuerySchema = z.object({
  individualOrderId: z.string().check(z.minLength(1), z.maxLength(200)),
  fileName: z.string().check(
    z.regex(/^[\w.-]{1,120}\.vcf(\.gz)?$/, {
      error: 'Name the file like sample-123.vcf.gz (letters, digits, dots, dashes)',
    }),
  ),
});
export type RawGenomeQuery = z.infer<typeof rawGenomeQuerySchema>;

/** 201 from POST /lab/raw-files: the stored file's size and SHA-256, to check against the lab's. */
export const rawFileAttachedSchema = z.object({
  id: z.string(),
  size: z.number(),
  sha256: z.string(),
});
export type RawFileAttached = z.infer<typeof rawFileAttachedSchema>;

/** POST /my-data/exports: the genotype kinds name one of the person's finished imports. */
export const exportRequestSchema = z.object({
  kind: requestableExportKindSchema,
  importId: z.optional(z.string()),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;

export const EXPORT_NEEDS_IMPORT = 'Choose which imported file to export.';
/** Exports one person may have waiting or being prepared at once. */
export const MAX_UNFINISHED_EXPORTS = 3;
export const TOO_MANY_EXPORTS = `You have ${String(MAX_UNFINISHED_EXPORTS)} exports being prepared. Wait until one is ready, then ask again.`;
export const EXPORT_IMPORT_NOT_READY = 'That import has not been read yet, or it failed.';
/** A VCF names each row's reference allele, which 23andMe and AncestryDNA files do not give. */
export const EXPORT_VCF_NEEDS_VCF =
  'A VCF can be made only from an imported VCF: 23andMe and AncestryDNA files do not say which allele is the reference. Choose the 23andMe-format text file instead.';

export const exportStateSchema = z.enum(['queued', 'preparing', 'ready', 'failed']);
export type ExportState = z.infer<typeof exportStateSchema>;

export const exportFileSchema = z.object({
  /** The file's name, as it downloads: letters, digits, dots, dashes and underscores. */
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
  /** Hex. */
  sha256: z.string(),
});
export type ExportFile = z.infer<typeof exportFileSchema>;

export const dataExportSchema = z.object({
  id: z.string(),
  kind: exportKindSchema,
  /** The import a genotype export comes from; null for the other kinds. */
  importId: z.nullable(z.string()),
  /** That import's file name, for the page; null when none or deleted. */
  importFileName: z.nullable(z.string()),
  state: exportStateSchema,
  progressDone: z.number(),
  progressTotal: z.nullable(z.number()),
  /** Ready: the files to download. */
  files: z.array(exportFileSchema),
  error: z.nullable(z.string()),
  /** ISO 8601. */
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /my-data/exports: newest first. */
export const exportsAnswerSchema = z.object({ exports: z.array(dataExportSchema) });
export type ExportsAnswer = z.infer<typeof exportsAnswerSchema>;

export const exportParamsSchema = z.object({ id: z.string() });
export const exportFileParamsSchema = z.object({ id: z.string(), name: z.string() });

/**
 * POST /my-data/exports/{id}/files/{name}/link: a link that downloads the file without the
 * Bearer header (so a browser can follow it) until `expiresAt`, with Range requests.
 */
export const exportLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type ExportLink = z.infer<typeof exportLinkSchema>;
