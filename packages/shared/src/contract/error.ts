import * as z from 'zod/mini';

/**
 * Every error the API answers with. `error` is the HTTP reason phrase; `message` is the
 * human-readable cause (e.g. 'Verified email required'), which the web app routes on.
 */
export const errorBodySchema = z.object({
  statusCode: z.int().check(z.minimum(400), z.maximum(599)),
  error: z.string(),
  message: z.string(),
  requestId: z.optional(z.string()),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
