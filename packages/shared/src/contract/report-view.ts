import * as z from 'zod/mini';
import { reportContentSchema, reportKindSchema, testTypeSchema } from './report.ts';
import { sensitiveStateSchema } from './sensitive-results.ts';
import { asUserSchema } from './view-as.ts';

/*
 * Reading reports (ADR 009, 'Reading reports'): a report in a list is a summary; its content
 * comes from GET /reports/{id} or GET /individual_reports/{orderId}, at the latest version or
 * at `version`, with every version's changelog.
 */

/** A report in a list: enough to link to it and say which version and test it is. */
export const reportSummarySchema = z.object({
  id: z.string(),
  kind: reportKindSchema,
  /** The lab's own id of the report. */
  labReportId: z.string(),
  /** The latest version. */
  version: z.number(),
  /** The lab director's sign-off of that version, YYYY-MM-DD. */
  signedOffOn: z.string(),
  testType: testTypeSchema,
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** One delivered version, for the version picker. */
export const reportVersionInfoSchema = z.object({
  version: z.number(),
  signedOffOn: z.string(),
  /** ISO 8601: when the portal received it. */
  receivedAt: z.string(),
  /** What changed since the previous version; null for version 1. */
  changelog: z.nullable(z.string()),
});
export type ReportVersionInfo = z.infer<typeof reportVersionInfoSchema>;

/** A version number as the query holds it: text, as GET sends every value. */
const versionQuerySchema = z
  .string()
  .check(z.regex(/^[1-9][0-9]{0,8}$/, { error: 'Give a version number, 1 or more' }));

/** GET /reports/{id} and GET /individual_reports/{id}: `version` defaults to the latest. */
export const reportQuerySchema = z.object({
  asUser: z.optional(asUserSchema),
  version: z.optional(versionQuerySchema),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportParamsSchema = z.object({ id: z.string().check(z.minLength(1)) });

/**
 * What changed since the version the reader last opened (ADR 029): the changelogs of the
 * versions after it, and the differences in results as this reader may see them, in words.
 */
export const reportChangesSchema = z.object({
  /** The version the reader had last opened before the one shown. */
  sinceVersion: z.number(),
  /** Oldest first: each version after sinceVersion up to the one shown. */
  changelogs: z.array(z.object({ version: z.number(), changelog: z.string() })),
  /** At most REPORT_CHANGES_LIMIT sentences. */
  items: z.array(z.string()),
  /** How many more differences there are than items lists. */
  more: z.number(),
});
export type ReportChanges = z.infer<typeof reportChangesSchema>;

/** The report at one version, and every version there is (newest first). */
export const reportAnswerSchema = z.object({
  report: z.extend(reportSummarySchema, {
    /** The version shown, which `version` chose (the latest without it). */
    version: z.number(),
    latestVersion: z.number(),
    receivedAt: z.string(),
    changelog: z.nullable(z.string()),
    content: reportContentSchema,
  }),
  versions: z.array(reportVersionInfoSchema),
  /**
   * Present when the lab marks results of this version as sensitive (ADR 022): how many, and
   * whether the person reading has chosen to see them. Until then the content holds none.
   */
  sensitive: z.optional(sensitiveStateSchema),
  /**
   * Present when the latest version is shown and the reader had opened an older one before
   * it: what changed since (ADR 029).
   */
  changes: z.optional(reportChangesSchema),
});
export type ReportAnswer = z.infer<typeof reportAnswerSchema>;

export const REPORT_NOT_FOUND = 'Report not found';
export const reportVersionNotFound = (version: number) =>
  `Version ${String(version)} of this report not found`;
