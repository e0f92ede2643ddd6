import * as z from 'zod/mini';

/**
 * A plain answer in words, for calls whose result is only that they worked: mails sent (the
 * same whether or not an account has the email), sign-out, a changed password.
 */
export const messageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof messageSchema>;
