import * as z from 'zod/mini';

/**
 * What the Google sign-in completion page posts to the sign-in page (paths and codes:
 * ../google-sign-in.ts): whether a session was made, else the error code. Never a token.
 */
export const googleSignInMessageSchema = z.object({
  type: z.literal('google-sign-in'),
  ok: z.boolean(),
  error: z.optional(z.string().check(z.maxLength(200))),
});
export type GoogleSignInMessage = z.infer<typeof googleSignInMessageSchema>;
