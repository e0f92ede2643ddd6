import type { FastifyInstance, FastifyRequest } from 'fastify';
import { describeSchemaIssues } from '@nestling/shared/contract/error';
import { signupRequestSchema } from '@nestling/shared/contract/signup';
import { sendError } from '../../plugins/errors.ts';
import { accountKey, rateLimitRules, TOO_MANY_REQUESTS } from '../rate-limit/service.ts';
import { AUTH_BASE_PATH } from './auth.ts';
import { googleSignInRoutes } from './google-routes.ts';

export const TOO_MANY_SIGN_INS =
  'Too many failed sign-in attempts. Please wait 15 minutes or reset your password.';

/** Headers that describe the incoming connection or body, not the request better-auth reads. */
const droppedHeaders = new Set(['content-length', 'connection', 'transfer-encoding', 'keep-alive']);

export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || droppedHeaders.has(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // better-auth records a session's address from X-Forwarded-For. Fastify has already worked
  // the caller's address out (trusting a proxy only when TRUST_PROXY says so): pass that on,
  // never what the client wrote.
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

/** Every email is trimmed before sign-in, sign-up, reset and confirmation (spec section 5). */
function trimmedBody(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  return typeof record.email === 'string' ? { ...record, email: record.email.trim() } : record;
}

/** better-auth's handler at /api/auth/*, behind the portal's rate limits. */
export function authRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  const { auth, rateLimiter, config } = app;

  // Its exact path wins over the catch-all below.
  void app.register(googleSignInRoutes);

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, config.publicUrl);
      const path = url.pathname.slice(AUTH_BASE_PATH.length);
      const body = trimmedBody(request.body);
      const email =
        body !== null &&
        typeof body === 'object' &&
        'email' in body &&
        typeof body.email === 'string'
          ? body.email
          : null;

      const signIn = path === '/sign-in/email';
      if (signIn) {
        const blocked =
          (await rateLimiter.exhausted(rateLimitRules.signInFailureIp, request.ip)) ||
          (email !== null &&
            (await rateLimiter.exhausted(rateLimitRules.signInFailureAccount, accountKey(email))));
        if (blocked) return sendError(request, reply, 429, TOO_MANY_SIGN_INS);
      } else if (request.method === 'POST' && path === '/sign-up/email') {
        if (!(await rateLimiter.consume(rateLimitRules.credentialIp, request.ip))) {
          return sendError(request, reply, 429, TOO_MANY_REQUESTS);
        }
        // The shared rules of the sign-up form, checked again here: better-auth itself would
        // store any phone, sex or birthday it is given.
        const checked = signupRequestSchema.safeParse(body);
        if (!checked.success) {
          return sendError(
            request,
            reply,
            400,
            `Invalid request: ${describeSchemaIssues(checked.error.issues, 'body').join('; ')}`,
          );
        }
      }

      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: toWebHeaders(request),
          ...(body === undefined || body === null ? {} : { body: JSON.stringify(body) }),
        }),
      );

      if (signIn && response.status === 401) {
        await rateLimiter.record(rateLimitRules.signInFailureIp, request.ip);
        if (email !== null) {
          await rateLimiter.record(rateLimitRules.signInFailureAccount, accountKey(email));
        }
      }

      reply.code(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body === null ? null : Buffer.from(await response.arrayBuffer()));
    },
  });
  done();
}
