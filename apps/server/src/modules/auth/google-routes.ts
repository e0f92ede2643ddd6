import { APIError } from 'better-auth/api';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  GOOGLE_DONE_PATH,
  GOOGLE_NOT_ENABLED_MESSAGE,
  GOOGLE_START_PATH,
  googleErrorCodes,
} from '@nestling/shared/google-sign-in';
import { authApi } from '@nestling/shared/contract/api/auth';
import { sendError } from '../../plugins/errors.ts';
import { rateLimitRules } from '../rate-limit/index.ts';
import { GOOGLE_PROVIDER_ID } from './google.ts';

/**
 * GET /api/auth/google/start: the popup (or, when the popup is blocked, the page) is opened
 * here. better-auth makes the state, PKCE verifier and nonce, keeps them in a verification row
 * bound to a signed cookie, and the browser is sent to Google's authorization endpoint. Google
 * returns to better-auth's callback, which makes the session and redirects to the completion
 * page (with `?error=` when it failed).
 */
export const googleSignInRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { auth, config, rateLimiter } = app;

  app.get(
    GOOGLE_START_PATH,
    {
      schema: authApi['GET /auth/google/start'],
    },
    async (request, reply) => {
      if (config.google === null) return sendError(request, reply, 404, GOOGLE_NOT_ENABLED_MESSAGE);

      const completion = new URL(GOOGLE_DONE_PATH, config.publicUrl);
      if (request.query.mode === 'popup') completion.searchParams.set('mode', 'popup');
      if (request.query.next !== undefined) completion.searchParams.set('next', request.query.next);
      reply.header('cache-control', 'no-store');
      // A failure to start still ends on the completion page, so the popup reports it.
      const fail = (code: string) => {
        completion.searchParams.set('error', code);
        return reply.redirect(completion.href, 303);
      };

      if (!(await rateLimiter.consume(rateLimitRules.googleStartIp, request.ip))) {
        return fail(googleErrorCodes.tooManyAttempts);
      }

      let started;
      try {
        started = await auth.api.signInSocial({
          body: {
            provider: GOOGLE_PROVIDER_ID,
            callbackURL: completion.href,
            errorCallbackURL: completion.href,
            disableRedirect: true,
          },
          returnHeaders: true,
        });
      } catch (error) {
        // The provider is missing when Google's discovery document could not be read (at
        // start, and again now).
        if (!(error instanceof APIError)) throw error;
        request.log.warn({ statusCode: error.statusCode }, 'Google sign-in could not start');
        return fail(googleErrorCodes.unavailable);
      }
      const { url } = started.response;
      if (url === undefined) return fail(googleErrorCodes.unavailable);

      const cookies = started.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.redirect(url, 302);
    },
  );
  done();
};
