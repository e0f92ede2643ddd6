import * as z from 'zod/mini';
import { asUserSchema } from './view-as.ts';

/** The two documents a person accepts on /review-terms, each on its own. */
export const TERMS_DOCUMENTS = ['tos', 'hipaa'] as const;
export const termsDocumentSchema = z.enum(TERMS_DOCUMENTS);
export type TermsDocument = z.infer<typeof termsDocumentSchema>;

/** A published version of a document: its text lives in the legal texts, keyed by these. */
export interface TermsVersion {
  document: TermsDocument;
  /** e.g. '1.0'. */
  version: string;
  /** YYYY-MM-DD: from this day on, it is the version everyone must have accepted. */
  effectiveOn: string;
}

/**
 * Every published version, oldest first. Publishing a new version is adding a row here: from
 * its effective date, `tosAccepted` or `hipaaAccepted` is false for everyone until they accept it.
 */
export const TERMS_VERSIONS: readonly TermsVersion[] = [
  { document: 'tos', version: '1.0', effectiveOn: '2026-11-01' },
  { document: 'hipaa', version: '1.0', effectiveOn: '2026-11-01' },
];

/** The version of each document in force on a day (YYYY-MM-DD). */
export function currentTermsVersions(
  today: string,
  versions: readonly TermsVersion[] = TERMS_VERSIONS,
): Record<TermsDocument, TermsVersion> {
  const current = (document: TermsDocument): TermsVersion => {
    const inForce = versions.filter((v) => v.document === document && v.effectiveOn <= today);
    const chosen = inForce.at(-1) ?? versions.find((v) => v.document === document);
    if (chosen === undefined) throw new Error(`No published version of ${document}`);
    return chosen;
  };
  return { tos: current('tos'), hipaa: current('hipaa') };
}

/** A current document as GET /terms answers it: its version, and the person's acceptance. */
export const termsDocumentStatusSchema = z.object({
  document: termsDocumentSchema,
  title: z.string(),
  version: z.string(),
  /** YYYY-MM-DD. */
  effectiveOn: z.string(),
  /** Whether the person accepted this version. */
  accepted: z.boolean(),
  /** When they accepted it (ISO time), null before. */
  acceptedAt: z.nullable(z.string()),
  /** The copy of what they accepted among their documents, null before (or if it failed). */
  documentId: z.nullable(z.string()),
});
export type TermsDocumentStatus = z.infer<typeof termsDocumentStatusSchema>;

export const termsAnswerSchema = z.object({
  documents: z.array(termsDocumentStatusSchema),
  tosAccepted: z.boolean(),
  hipaaAccepted: z.boolean(),
});
export type TermsAnswer = z.infer<typeof termsAnswerSchema>;

export const termsQuerySchema = z.object({ asUser: z.optional(asUserSchema) });
export const termsParamsSchema = z.object({ document: termsDocumentSchema });
/** The version the person read: a tab left open on an older one cannot accept it. */
export const acceptTermsBodySchema = z.object({
  version: z.string().check(z.minLength(1), z.maxLength(20)),
});
export type AcceptTermsBody = z.infer<typeof acceptTermsBodySchema>;

/** 409 when the version accepted is not the one in force. */
export function staleTermsVersion(title: string, current: string): string {
  return `${title} has been updated to version ${current} since you opened this page. Please read the new version and accept it.`;
}
/** 403: acceptance is the patient's own act. */
export const TERMS_NOT_BY_STAFF = 'Only the patient can accept the terms and the HIPAA notice';
