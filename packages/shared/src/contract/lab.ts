import * as z from 'zod/mini';

/*
 * Lab delivery: the keys a lab's pipeline sends reports with (admins manage them), and the
 * refusals of POST /lab/reports. The report payload itself is in report.ts.
 */

/** Every key starts so, which lets a leaked key be recognized by secret scanners. */
export const LAB_KEY_PREFIX = 'lab_';
/** How much of a key is kept in clear, so admins can tell keys apart. */
export const LAB_KEY_VISIBLE_LENGTH = 12;

export const LAB_KEY_REQUIRED = 'Send a lab API key as Authorization: Bearer lab_…';
export const LAB_KEY_INVALID = 'Unknown or revoked lab API key';
export const LAB_KEY_NOT_FOUND = 'Lab API key not found';

/** POST /admin/lab-keys. */
export const labKeyCreateBodySchema = z.object({
  name: z
    .string({ error: 'Name the key' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'Name the key' }),
      z.maxLength(100, { error: 'Use at most 100 characters' }),
    ),
});
export type LabKeyCreateBody = z.infer<typeof labKeyCreateBodySchema>;

export const labKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, e.g. 'lab_Xy3kP9aQ'. */
  prefix: z.string(),
  createdByEmail: z.nullable(z.string()),
  /** ISO 8601. */
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
});
export type LabKey = z.infer<typeof labKeySchema>;

/** The only answer that holds the key itself: it is never shown again. */
export const labKeyCreatedSchema = z.object({ key: z.string(), labKey: labKeySchema });
export type LabKeyCreated = z.infer<typeof labKeyCreatedSchema>;

/** Newest first. */
export const labKeysAnswerSchema = z.object({ keys: z.array(labKeySchema) });
export type LabKeysAnswer = z.infer<typeof labKeysAnswerSchema>;

export const labKeyParamsSchema = z.object({ id: z.string().check(z.minLength(1)) });
