import * as z from 'zod/mini';

/*
 * Data rights (ADR 027): what the lab holds about the person (My
 * Data), and for everyone their research consent and deleting the account after a grace period
 * they can undo (account settings).
 */

/** Days between asking to delete the account and its deletion; the person can undo until then. */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;
export const DELETION_CONFIRM_MESSAGE =
  'Type the email address of your account exactly, to confirm that you mean it';
export const DELETION_ALREADY_REQUESTED = 'Your account is already set to be deleted';
export const NO_DELETION_REQUESTED = 'Your account is not set to be deleted';

/** POST /user/deletion: the person types their email address to confirm. */
export const accountDeletionRequestSchema = z.strictObject({
  confirmEmail: z
    .string({ error: DELETION_CONFIRM_MESSAGE })
    .check(
      z.trim(),
      z.minLength(1, { error: DELETION_CONFIRM_MESSAGE }),
      z.maxLength(254, { error: DELETION_CONFIRM_MESSAGE }),
    ),
});
export type AccountDeletionRequest = z.infer<typeof accountDeletionRequestSchema>;

export const accountDeletionSchema = z.object({
  /** ISO 8601. */
  requestedAt: z.string(),
  /** When the account and its data are deleted, ISO 8601. */
  dueAt: z.string(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/** GET, POST and DELETE /user/deletion. */
export const accountDeletionAnswerSchema = z.object({
  /** Null while the account is not set to be deleted. */
  deletion: z.nullable(accountDeletionSchema),
});
export type AccountDeletionAnswer = z.infer<typeof accountDeletionAnswerSchema>;

/** PUT /user/research-consent. */
export const researchConsentRequestSchema = z.strictObject({ consent: z.boolean() });
export type ResearchConsentRequest = z.infer<typeof researchConsentRequestSchema>;

export const researchConsentAnswerSchema = z.object({
  /** When the person agreed (ISO 8601); null while they do not. */
  researchConsentSince: z.nullable(z.string()),
});
export type ResearchConsentAnswer = z.infer<typeof researchConsentAnswerSchema>;

/**
 * GET /user/privacy: the person's research consent and any pending account deletion, for
 * everyone (account settings' 'Your data and privacy', and the banner while a deletion waits).
 */
/**
 * What deleting an account keeps, said plainly: a clinical lab must keep test records
 * for a period the law and the lab set.
 */
export function testRecordsKeptText(years: number): string {
  return years === 0
    ? 'The lab keeps its own copy of your test records (your results and the kit ids, with your name and date of birth), as the law requires of a clinical laboratory; nothing of them stays here.'
    : `The lab must keep your test records (your results and the kit ids, with your name and date of birth) for ${String(years)} ${years === 1 ? 'year' : 'years'} after your last test, as the law requires of a clinical laboratory. They are kept apart from your account, used for nothing else, and then deleted.`;
}

export const privacyAnswerSchema = z.object({
  researchConsentSince: z.nullable(z.string()),
  deletion: z.nullable(accountDeletionSchema),
  /** How many years the lab keeps a deleted account's test records; 0: none in the portal. */
  testRecordRetentionYears: z.number(),
});
export type PrivacyAnswer = z.infer<typeof privacyAnswerSchema>;

export const heldDataKindSchema = z.enum([
  'reports',
  'documents',
  'surveys',
  'imports',
  'exports',
  'clinic-sharing',
]);
export type HeldDataKind = z.infer<typeof heldDataKindSchema>;

/** GET /my-data: what the lab holds about the person, kind by kind. */
export const myDataOverviewSchema = z.object({
  held: z.array(
    z.object({
      kind: heldDataKindSchema,
      count: z.number(),
      /** Bytes stored, where the kind is files; null otherwise. */
      bytes: z.nullable(z.number()),
    }),
  ),
  researchConsentSince: z.nullable(z.string()),
  deletion: z.nullable(accountDeletionSchema),
});
export type MyDataOverview = z.infer<typeof myDataOverviewSchema>;
