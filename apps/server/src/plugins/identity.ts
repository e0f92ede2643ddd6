import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NOT_WHILE_IMPERSONATING, VERIFIED_EMAIL_REQUIRED } from '@nestling/shared/contract/auth';
import type { UserRow } from '../modules/auth/schema.ts';
import { createAuth, type Auth } from '../modules/auth/auth.ts';
import { createAuthRepository } from '../modules/auth/repository.ts';
import { authRoutes } from '../modules/auth/routes.ts';
import { resolveAuthSecret } from '../modules/auth/secret.ts';
import { createAuthService, type AuthService, type Identity } from '../modules/auth/service.ts';
import { createUsersRepository } from '../modules/users/repository.ts';
import { createViewAsService } from '../modules/view-as/service.ts';
import { signUpNext } from '../modules/auth/sign-up-next.ts';
import { sendError } from './errors.ts';
import { Refusal } from '../lib/refusal.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    authService: AuthService;
    /** onRequest hook: a valid access token of a live session, else 401. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: as requireUser, and a confirmed email, else 403 'Verified email required'. */
    requireVerifiedUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * onRequest hook after requireUser: 403 while a primary admin is impersonating the user, for the
     * changes only the person may make (password, email, payment).
     */
    refuseWhileImpersonating: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * After requireUser: the user whose data the request reads. Without `asUser` the caller;
     * with it (a user id or an email) that user, for admins only, with an audit row. Throws
     * 403 for others and 404 for an unknown user, which the error handler answers.
     */
    resolveSubject: (request: FastifyRequest, asUser: string | undefined) => Promise<UserRow>;
  }
  interface FastifyRequest {
    identity: Identity | null;
  }
  interface FastifyContextConfig {
    /**
     * A request other than a read that staff impersonating the person may still make, because
     * it only serves seeing (a token refresh, a document's viewing link) or ends the
     * impersonation (ADR 007). Every other write is refused while impersonating.
     */
    whileImpersonating?: 'allowed';
  }
}

/**
 * Signing in: better-auth and its routes, and the access-token checks the other routes ask for.
 * The mailer, the audit log and the background runner it uses are built once for the whole app.
 */
export const identityPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, database, mailer, audit, runInBackground } = app;
    const users = createUsersRepository(database.db);

    let authService: AuthService | null = null;
    const auth = createAuth({
      config,
      db: database.db,
      secret: resolveAuthSecret(config),
      mailer,
      log: app.log,
      // In the background, as every mail the portal sends on an unauthenticated request: how
      // long a sign-up takes must not tell whether its address had an account (auth/routes.ts).
      onUserCreated: (user) => {
        const next = signUpNext.getStore();
        runInBackground(async () => {
          await authService?.sendConfirmation(user, next);
        });
        return Promise.resolve();
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
    const viewAs = createViewAsService({ users, audit });

    app.decorate('auth', auth);
    app.decorate('authService', service);
    app.decorateRequest('identity', null);

    async function identify(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
      const header = request.headers.authorization;
      const match = header === undefined ? null : /^Bearer\s+(\S+)$/i.exec(header);
      if (match?.[1] === undefined) {
        await sendError(request, reply, 401, 'No token in context');
        return false;
      }
      try {
        const identity = await service.authenticate(match[1]);
        request.identity = identity;
        if (identity.impersonatedBy !== null) {
          // Every request under impersonation is the admin's, on the patient's data, refused
          // or not; the reads of one page view share its row (ADR 007).
          const read = request.method === 'GET' || request.method === 'HEAD';
          await audit.recordRead(request, {
            actorId: identity.impersonatedBy,
            subjectId: identity.userId,
            action: read ? 'impersonation-read' : 'impersonation-write',
          });
          // Impersonation is for seeing: a write is refused unless its route says it only
          // serves seeing or ends the impersonation.
          if (!read && request.routeOptions.config.whileImpersonating !== 'allowed') {
            await sendError(request, reply, 403, NOT_WHILE_IMPERSONATING);
            return false;
          }
        }
        return true;
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
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

    app.decorate(
      'refuseWhileImpersonating',
      async (request: FastifyRequest, reply: FastifyReply) => {
        if (request.identity?.impersonatedBy != null) {
          await sendError(request, reply, 403, NOT_WHILE_IMPERSONATING);
        }
      },
    );

    app.decorate('resolveSubject', async (request: FastifyRequest, asUser: string | undefined) => {
      if (request.identity === null) throw new Refusal(401, 'No token in context');
      return viewAs.resolveSubject(request, request.identity, asUser);
    });

    await app.register(authRoutes);
  },
  {
    name: 'identity',
    dependencies: ['error-handler', 'mail'],
    decorators: { fastify: ['audit', 'runInBackground'] },
  },
);
