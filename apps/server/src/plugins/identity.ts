import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { VERIFIED_EMAIL_REQUIRED } from '@nestling/shared/contract/auth';
import { createAuth, type Auth } from '../modules/auth/auth.ts';
import { createAuthRepository } from '../modules/auth/repository.ts';
import { authRoutes } from '../modules/auth/routes.ts';
import { resolveAuthSecret } from '../modules/auth/secret.ts';
import {
  AuthError,
  createAuthService,
  type AuthService,
  type Identity,
} from '../modules/auth/service.ts';
import { createMailer } from '../modules/mail/mailer.ts';
import { createRateLimitRepository } from '../modules/rate-limit/repository.ts';
import { createRateLimiter, type RateLimiter } from '../modules/rate-limit/service.ts';
import { createUsersRepository } from '../modules/users/repository.ts';
import { sendError } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    authService: AuthService;
    rateLimiter: RateLimiter;
    /** preHandler: a valid access token of a live session, else 401. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: as requireUser, and a confirmed email, else 403 'Verified email required'. */
    requireVerifiedUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Work that answers must not wait for (sending mail); awaited on close. */
    runInBackground: (work: () => Promise<void>) => void;
  }
  interface FastifyRequest {
    identity: Identity | null;
  }
}

/** better-auth, the mailer, rate limits and the access-token check, for the routes. */
export const identityPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, database } = app;
    const mailer = createMailer(config, app.log);
    const users = createUsersRepository(database.db);
    const pending = new Set<Promise<void>>();
    const runInBackground = (work: () => Promise<void>) => {
      const promise = work()
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'Background work failed');
        })
        .finally(() => pending.delete(promise));
      pending.add(promise);
    };

    let authService: AuthService | null = null;
    const auth = createAuth({
      config,
      db: database.db,
      secret: resolveAuthSecret(config),
      mailer,
      onUserCreated: async (user) => {
        await authService?.sendConfirmation(user);
      },
    });
    authService = createAuthService({
      config,
      auth,
      repository: createAuthRepository(database.db),
      users,
      mailer,
    });
    const service = authService;

    app.decorate('auth', auth);
    app.decorate('authService', service);
    app.decorate('rateLimiter', createRateLimiter(createRateLimitRepository(database.db)));
    app.decorate('runInBackground', runInBackground);
    app.decorateRequest('identity', null);

    async function identify(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
      const header = request.headers.authorization;
      const match = header === undefined ? null : /^Bearer\s+(\S+)$/i.exec(header);
      if (match?.[1] === undefined) {
        await sendError(request, reply, 401, 'No token in context');
        return false;
      }
      try {
        request.identity = await service.authenticate(match[1]);
        return true;
      } catch (error) {
        if (!(error instanceof AuthError)) throw error;
        await sendError(request, reply, error.statusCode, error.message);
        return false;
      }
    }
    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      await identify(request, reply);
    });
    app.decorate('requireVerifiedUser', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!(await identify(request, reply))) return;
      if (request.identity?.emailVerified !== true) {
        await sendError(request, reply, 403, VERIFIED_EMAIL_REQUIRED);
      }
    });

    app.addHook('onClose', async () => {
      await Promise.all(pending);
      mailer.close();
    });

    await app.register(authRoutes);
  },
  { name: 'identity', dependencies: ['error-handler'] },
);
