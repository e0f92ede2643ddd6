import * as z from 'zod/mini';

/**
 * Mail the portal could not deliver yet (ADR 047), for lab staff on /admin: a mail whose last
 * attempt failed and that waits for its next one, or one that failed for good.
 */
export const undeliveredMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** 'retrying': another attempt is due at `nextAttemptAt`; 'failed': no more attempts. */
  state: z.enum(['retrying', 'failed']),
  attempts: z.number(),
  maxAttempts: z.number(),
  lastError: z.nullable(z.string()),
  nextAttemptAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type UndeliveredMail = z.infer<typeof undeliveredMailSchema>;

export const undeliveredMailAnswerSchema = z.object({ mails: z.array(undeliveredMailSchema) });
export type UndeliveredMailAnswer = z.infer<typeof undeliveredMailAnswerSchema>;

/** The most undelivered mails one list shows, oldest first. */
export const UNDELIVERED_MAIL_LIMIT = 200;

export const mailParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
});

export const MAIL_NOT_FOUND = 'No mail waiting to be sent again has this id.';
