import * as z from 'zod/mini';
import { asUserSchema } from './view-as.ts';

/*
 * A person's documents (spec section 7): GET /user/documents lists them; POST
 * /user/documents/{id}/session answers a link that shows one document once, within five
 * minutes, without the Bearer token a new browser tab cannot send.
 */

export const documentSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** e.g. 'consent', 'instructions', 'report'. */
  kind: z.string(),
  /** The document's own date, YYYY-MM-DD. */
  date: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  /** Bytes. */
  size: z.number(),
  /** The report the document belongs to; null for none. */
  reportId: z.nullable(z.string()),
});
export type Document = z.infer<typeof documentSchema>;

/** `report`: only the documents of that report. */
export const documentsQuerySchema = z.object({
  asUser: z.optional(asUserSchema),
  report: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
});
export type DocumentsQuery = z.infer<typeof documentsQuerySchema>;

/** Newest first; documents of one day by title. */
export const documentsAnswerSchema = z.object({ documents: z.array(documentSchema) });
export type DocumentsAnswer = z.infer<typeof documentsAnswerSchema>;

export const documentParamsSchema = z.object({ id: z.string().check(z.minLength(1)) });
export const documentSessionQuerySchema = z.object({ asUser: z.optional(asUserSchema) });
export const documentViewParamsSchema = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: 'Not a document link' })),
});

/** The link to open, relative to the site (`/api/documents/view/<token>`), and its expiry. */
export const documentSessionSchema = z.object({
  url: z.string(),
  /** ISO 8601. */
  expiresAt: z.string(),
});
export type DocumentSession = z.infer<typeof documentSessionSchema>;

/** Five minutes: long enough to open the link, short enough that a leaked one is spent. */
export const DOCUMENT_LINK_SECONDS = 300;

export const DOCUMENT_NOT_FOUND = 'Document not found';
export const DOCUMENT_LINK_INVALID =
  'This link has expired or was already used; open the document again from your documents';
