import * as z from 'zod/mini';
import { coupleAccountSchema, individualOrderSchema } from './orders.ts';
import { reportContentSchema, reportKindSchema } from './report.ts';
import { userSchema } from './user.ts';
import { asUserSchema } from './view-as.ts';

/*
 * Spec section 7's ZIP download: POST /user/archive with `Accept: application/zip` answers one
 * ZIP of everything the portal keeps for the user (ADR 009, 'The archive'): README.txt,
 * profile.json, every version of every report as JSON with the latest as a PDF, and every
 * document.
 */

export const ARCHIVE_MEDIA_TYPE = 'application/zip';

/** `asUser`: admins only, as for every read of one person's data. */
export const archiveQuerySchema = z.object({ asUser: z.optional(asUserSchema) });
export type ArchiveQuery = z.infer<typeof archiveQuerySchema>;

/** profile.json: the user as GET /user/me answers them, their couple accounts and orders. */
export const archiveProfileSchema = z.object({
  user: userSchema,
  /** As GET /user?preconception=true&embryo=true&withPartner=true answers them. */
  accounts: z.array(coupleAccountSchema),
  /** As GET /user?individual=true answers them. */
  individualOrders: z.array(individualOrderSchema),
});
export type ArchiveProfile = z.infer<typeof archiveProfileSchema>;

/** reports/<kind>-<labReportId>/version-<n>.json: one delivered version, as stored. */
export const archiveReportVersionSchema = z.object({
  kind: reportKindSchema,
  labReportId: z.string(),
  version: z.number(),
  /** The lab director's sign-off, YYYY-MM-DD. */
  signedOffOn: z.string(),
  /** ISO 8601: when the portal received this version. */
  receivedAt: z.string(),
  /** What changed since the previous version; null for version 1. */
  changelog: z.nullable(z.string()),
  content: reportContentSchema,
});
export type ArchiveReportVersion = z.infer<typeof archiveReportVersionSchema>;

/** Each archive renders a PDF per report, so a person may ask for a few only. */
export const ARCHIVE_RATE_LIMIT = { limit: 5, windowMinutes: 10 } as const;

export const ARCHIVE_NOT_ACCEPTABLE = `The archive is a ZIP file: ask for it with the header 'Accept: ${ARCHIVE_MEDIA_TYPE}'`;
export const ARCHIVE_TOO_MANY = `The archive was asked for ${String(ARCHIVE_RATE_LIMIT.limit)} times in ${String(ARCHIVE_RATE_LIMIT.windowMinutes)} minutes. Please wait ${String(ARCHIVE_RATE_LIMIT.windowMinutes)} minutes and try again.`;
