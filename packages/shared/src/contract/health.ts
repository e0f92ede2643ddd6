import * as z from 'zod/mini';

/**
 * GET /api/health: 200 when the database answers, 503 when it does not. Kept as it was for
 * start scripts and probes written against it; GET /api/health/ready checks more (ADR 045).
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
});
export type Health = z.infer<typeof healthSchema>;

/** Which build answers: the root package.json's version and the commit, when known. */
const buildFields = {
  version: z.string(),
  /** GIT_COMMIT, or what git said at start when the server runs from a checkout; else null. */
  commit: z.nullable(z.string()),
};

/** GET /api/health/live: the process answers; nothing else is checked. Always 200. */
export const livenessSchema = z.object({
  status: z.literal('ok'),
  ...buildFields,
});
export type Liveness = z.infer<typeof livenessSchema>;

/**
 * One readiness check. 'fail' makes the server unready; 'warn' (mail only) does not. `error`
 * is a short sentence that names no address or secret: the server log has the details.
 */
export const readinessCheckSchema = z.object({
  status: z.enum(['pass', 'warn', 'fail']),
  /** How long the check took, in milliseconds; absent for an answer kept from an earlier check. */
  ms: z.optional(z.number()),
  error: z.optional(z.string()),
});
export type ReadinessCheck = z.infer<typeof readinessCheckSchema>;

/**
 * GET /api/health/ready: 200 when the database, the file store and the job queue answer, 503
 * naming the check that failed otherwise. Mail is only ever a warning.
 */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  ...buildFields,
  checks: z.object({
    database: readinessCheckSchema,
    files: readinessCheckSchema,
    queue: readinessCheckSchema,
    mail: readinessCheckSchema,
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
