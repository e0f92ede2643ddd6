import * as z from 'zod/mini';

/** GET /api/health: 200 when the database answers, 503 when it does not. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
});
export type Health = z.infer<typeof healthSchema>;
