import * as z from 'zod/mini';
import { asUserSchema } from './view-as.ts';

/*
 * My Data (spec section 2, ADR 023): a person's imports, exports and data rights. Lab staff
 * turn it on per person (`enableDataPortal`); without it the pages and endpoints say so.
 * Long work (an import, an export) runs as a background job the person can follow.
 */

export const DATA_PORTAL_OFF =
  'My Data is not turned on for your account. Ask the lab to turn it on.';

export const jobStateSchema = z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']);
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
