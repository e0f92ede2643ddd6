import { hashPassword } from 'better-auth/crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SIGN_UP_MESSAGE, SIGNED_IN_MESSAGE } from '@nestling/shared/contract/auth';
import { GOOGLE_CALLBACK_PATH } from '@nestling/shared/google-sign-in';
import { sendError } from '../../plugins/errors.ts';
import { accountKey, rateLimitRules, TOO_MANY_REQUESTS } from '../rate-limit/index.ts';
import { createUsersRepository } from '../users/index.ts';
import { normalizeEmail } from '@nestling/shared/contract/fields';
import { authApi } from '@nestling/shared/contract/api/auth';
import { AUTH_BASE_PATH } from './auth.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.ts';
import { googleSignInRoutes } from './google-routes.ts';
import { createKnownDevices } from './known-devices.ts';
import { signUpNext } from './sign-up-next.ts';
import { createSignUpNotices } from './sign-up-notices.ts';

export const TOO_MANY_SIGN_INS =
  'Too many failed sign-in attempts. Please wait 15 minutes or reset your password.';
export const TOO_MANY_SIGN_INS_FROM_ADDRESS =
  'Too many failed sign-in attempts from your network. Please wait 15 minutes, or sign in from a device you have signed in with before.';

/** Resolves at `at` (performance.now()), or at once when it has passed. */
function waitUntil(at: number): Promise<void> {
  const left = at - performance.now();
  return left <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, left));
}

/** better-auth's answer to a request from an origin it does not trust. */
const INVALID_ORIGIN = 'Invalid origin';

export function invalidOriginMessage(publicUrl: string): string {
  return `This portal is set up to be opened at ${publicUrl} (the PUBLIC_URL setting). Open it there, or set PUBLIC_URL to the address you use.`;
}

/** Headers that describe the incoming connection or body, not the request better-auth reads. */
const droppedHeaders = new Set(['content-length', 'connection', 'transfer-encoding', 'keep-alive']);

export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || droppedHeaders.has(name)) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // better-auth records a session's address from X-Forwarded-For. Fastify has already worked
  // the caller's address out (trusting a proxy only as TRUST_PROXY says): pass that on, never
  // what the client wrote.
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

/**
 * The identity endpoints the portal uses, each its own route with its own schema: email sign-in,
 * sign-up and, when Google sign-in is on, its callback. better-auth answers them behind the
 * portal's rules; none of its other endpoints is reachable over HTTP.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, rateLimiter, config } = app;
  const users = createUsersRepository(app.database.db);
  const { secret } = await auth.$context;
  const knownDevices = createKnownDevices(secret, config.publicUrl.startsWith('https:'));
  const notices = createSignUpNotices({
    config,
    mailer: app.mailer,
    users,
    authService: app.authService,
  });

  /** The request, as better-auth reads it, at `path` under /api/auth. */
  async function callBetterAuth(request: FastifyRequest, body?: unknown): Promise<Response> {
    const url = new URL(request.url, config.publicUrl);
    return auth.handler(
      new Request(url, {
        method: request.method,
        headers: toWebHeaders(request),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  }

  /** better-auth's error, in the portal's error body; its own words except where ours help. */
  async function sendBetterAuthError(
    request: FastifyRequest,
    reply: FastifyReply,
    response: Response,
  ) {
    const answer = (await response.json().catch(() => ({}))) as { message?: unknown };
    const message = typeof answer.message === 'string' ? answer.message : response.statusText;
    return sendError(
      request,
      reply,
      response.status,
      response.status === 403 && message === INVALID_ORIGIN
        ? invalidOriginMessage(config.publicUrl)
        : message,
    );
  }

  void app.register(googleSignInRoutes);

  app.post(
    `${AUTH_BASE_PATH}/sign-in/email`,
    {
      schema: authApi['POST /auth/sign-in/email'],
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const account = accountKey(email);
      const cookie = request.headers.cookie;
      const device = knownDevices.deviceFor(cookie, account);
      const deviceKey = device === null ? null : `${account}:${device}`;

      // A browser that has signed in to this account before is judged by its own failures; any
      // other by the failures on the account and from its network address.
      if (deviceKey !== null) {
        if (await rateLimiter.exhausted(rateLimitRules.signInFailureKnownDevice, deviceKey)) {
          return sendError(request, reply, 429, TOO_MANY_SIGN_INS);
        }
      } else {
        if (await rateLimiter.exhausted(rateLimitRules.signInFailureAccount, account)) {
          return sendError(request, reply, 429, TOO_MANY_SIGN_INS);
        }
        if (await rateLimiter.exhausted(rateLimitRules.signInFailureIp, request.ip)) {
          return sendError(request, reply, 429, TOO_MANY_SIGN_INS_FROM_ADDRESS);
        }
      }

      const response = await callBetterAuth(request, { email, password: request.body.password });
      if (!response.ok) {
        if (response.status === 401) {
          if (deviceKey !== null) {
            await rateLimiter.record(rateLimitRules.signInFailureKnownDevice, deviceKey);
          } else {
            await rateLimiter.record(rateLimitRules.signInFailureIp, request.ip);
            await rateLimiter.record(rateLimitRules.signInFailureAccount, account);
          }
        }
        return sendBetterAuthError(request, reply, response);
      }
      reply.header('set-cookie', [
        ...response.headers.getSetCookie(),
        knownDevices.rememberedCookie(cookie, account),
      ]);
      return { message: SIGNED_IN_MESSAGE };
    },
  );

  app.post(
    `${AUTH_BASE_PATH}/sign-up/email`,
    {
      schema: authApi['POST /auth/sign-up/email'],
    },
    async (request, reply) => {
      if (!(await rateLimiter.consume(rateLimitRules.credentialIp, request.ip))) {
        return sendError(request, reply, 429, TOO_MANY_REQUESTS);
      }
      // `next` is the portal's, for the confirmation link; better-auth gets the rest.
      const { next, ...rest } = request.body;
      const body = { ...rest, email: normalizeEmail(request.body.email) };
      // Refused alike for every address, before it is looked up.
      if (isCommonPassword(body.password)) {
        return sendError(request, reply, 400, COMMON_PASSWORD_MESSAGE);
      }
      // From here the answer waits until SIGN_UP_ANSWER_MS have passed, whatever the address:
      // making an account and mailing an existing one's owner take different times.
      const answerAt = performance.now() + config.signUpAnswerMs;

      const existing = await users.findByEmail(body.email);
      if (existing === null) {
        const response = await signUpNext.run(next, () => callBetterAuth(request, body));
        if (response.ok) {
          await waitUntil(answerAt);
          return { message: SIGN_UP_MESSAGE };
        }
        const answer = (await response
          .clone()
          .json()
          .catch(() => ({}))) as { code?: unknown };
        // Two sign-ups for one new address at once: the second finds the first's account.
        if (
          answer.code !== 'USER_ALREADY_EXISTS' &&
          answer.code !== 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL'
        ) {
          await waitUntil(answerAt);
          return sendBetterAuthError(request, reply, response);
        }
      } else {
        // The work of making an account, so that the machine is as busy either way.
        await hashPassword(body.password);
      }

      // The owner hears of it, at most as often as the portal mails an address, once the
      // answer has gone.
      if (await rateLimiter.consume(rateLimitRules.mailAccount, accountKey(body.email))) {
        reply.raw.once('finish', () => {
          app.runInBackground(() => notices.accountExists(body.email, next));
        });
      }
      await waitUntil(answerAt);
      return { message: SIGN_UP_MESSAGE };
    },
  );

  if (config.google !== null) {
    // Google sends the browser back here, to better-auth, which makes the session.
    app.get(
      GOOGLE_CALLBACK_PATH,
      {
        schema: authApi['GET /auth/callback/google'],
      },
      async (request, reply) => {
        const response = await callBetterAuth(request);
        reply.code(response.status);
        response.headers.forEach((value, name) => {
          if (name !== 'set-cookie') reply.header(name, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return reply.send(
          response.body === null ? null : Buffer.from(await response.arrayBuffer()),
        );
      },
    );
  }
};
