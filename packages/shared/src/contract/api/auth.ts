import { errorAnswers, type ApiRoutes } from './routes.ts';
import { googleModes } from '../../google-sign-in.ts';
import { isSafeNextPath } from '../../next-path.ts';
import { signInBodySchema } from '../auth.ts';
import { errorBodySchema } from '../error.ts';
import { messageSchema } from '../message.ts';
import { signupRequestSchema } from '../signup.ts';
import * as z from 'zod/mini';

const startQuerySchema = z.object({
  mode: z._default(z.enum(googleModes), 'page'),
  /** Where a full-page sign-in goes on to; a path on this portal. */
  next: z.optional(
    z
      .string()
      .check(
        z.maxLength(2000),
        z.refine(isSafeNextPath, { error: 'must be a path on this portal' }),
      ),
  ),
});

const errors = errorAnswers(400, 401, 403, 429);

/** The auth module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const authApi = {
  'GET /auth/callback/google': {
    summary:
      'Where Google returns the browser after sign-in (OpenID Connect); redirects to the completion page',
    tags: ['identity'],
  },
  'GET /auth/google/start': {
    summary: 'Starts Google sign-in: redirects to Google, which returns to the portal',
    tags: ['identity'],
    querystring: startQuerySchema,
    response: { 400: errorBodySchema, 404: errorBodySchema },
  },
  'POST /auth/sign-in/email': {
    summary:
      'Signs in with email and password: sets the session cookie that POST /api/user/token exchanges for an access token',
    tags: ['identity'],
    body: signInBodySchema,
    response: { 200: messageSchema, ...errors },
  },
  'POST /auth/sign-up/email': {
    summary:
      'Creates an account and mails a link to confirm its email. Answers the same for an address that has an account, whose owner is mailed instead',
    tags: ['identity'],
    body: signupRequestSchema,
    response: { 200: messageSchema, ...errors },
  },
} satisfies ApiRoutes;
