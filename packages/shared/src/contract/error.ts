import { z } from 'zod';

/**
 * Every error the API answers with. `error` is the HTTP reason phrase; `message` is the
 * human-readable cause (e.g. 'Verified email required'), which the web app routes on.
 */
export const errorBodySchema = z.object({
  statusCode: z.number().int().min(400).max(599),
  error: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
