import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  ADMINS_NOT_IMPERSONATED,
  ALREADY_IMPERSONATING,
  IMPERSONATION_SECONDS,
  NOT_IMPERSONATING,
  PRIMARY_ADMIN_ONLY,
} from '@nestling/shared/contract/admin';
import { USER_NOT_FOUND } from '@nestling/shared/contract/portal-user';
import { isPrimaryAdmin } from '@nestling/shared/rules';
import type { Config } from '../../config.ts';
import type { AuditService } from '../audit/index.ts';
import type { AuthRepository, AuthService, Identity } from '../auth/index.ts';
import { SESSION_EXPIRED } from '@nestling/shared/contract/auth';
import type { UsersRepository } from '../users/index.ts';
import { Refusal } from '../../lib/refusal.ts';

/** better-auth's ids and tokens are 32 random characters; these are 32 base64url characters. */
function randomToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Impersonation (spec section 4): a primary admin acts as a patient through a session of the
 * patient's own, marked with the admin and the admin's session (kept as the secondary session,
 * to return to). It lasts at most IMPERSONATION_SECONDS.
 */
export function createImpersonationService(deps: {
  config: Config;
  sessions: AuthRepository;
  users: UsersRepository;
  authService: AuthService;
  audit: AuditService;
  now?: () => Date;
}) {
  const { config, sessions, users, authService, audit } = deps;
  const now = deps.now ?? (() => new Date());

  /** The primary admin who may start an impersonation; 403 for anyone else. */
  async function impersonator(identity: Identity) {
    if (identity.impersonatedBy !== null) {
      throw new Refusal(403, ALREADY_IMPERSONATING);
    }
    const admin = await users.findById(identity.userId);
    if (admin === null || !isPrimaryAdmin(admin, config.brand.companyDomain)) {
      throw new Refusal(403, PRIMARY_ADMIN_ONLY);
    }
    return admin;
  }

  return {
    /** Refuses (403) anyone who may not impersonate, before the request's body is read. */
    async refuseUnlessImpersonator(identity: Identity): Promise<void> {
      await impersonator(identity);
    },

    /** A new session for the patient, and an access token for it. */
    async start(request: FastifyRequest, identity: Identity, userId: string) {
      const admin = await impersonator(identity);
      const patient = await users.findById(userId);
      if (patient === null) throw new Refusal(404, USER_NOT_FOUND);
      if (patient.isAdminUser) throw new Refusal(403, ADMINS_NOT_IMPERSONATED);

      const at = now();
      const sessionId = randomToken();
      await sessions.insertSession({
        id: sessionId,
        token: randomToken(),
        userId: patient.id,
        impersonatedBy: admin.id,
        impersonatorSessionId: identity.sessionId,
        createdAt: at,
        updatedAt: at,
        expiresAt: new Date(at.getTime() + IMPERSONATION_SECONDS * 1000),
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      await audit.record(request, {
        actorId: admin.id,
        subjectId: patient.id,
        action: 'impersonation-start',
      });
      return authService.issueToken(sessionId);
    },

    /**
     * Ends the impersonation of this session and answers a fresh access token for the admin's
     * own session (401 'Session expired' when that one has ended meanwhile).
     */
    async end(request: FastifyRequest, identity: Identity) {
      if (identity.impersonatedBy === null) throw new Refusal(400, NOT_IMPERSONATING);
      const ended = await sessions.takeSession(identity.sessionId);
      // A concurrent end took the row first and answered already.
      if (ended?.impersonatorSessionId == null) throw new Refusal(401, SESSION_EXPIRED);
      await audit.record(request, {
        actorId: identity.impersonatedBy,
        subjectId: identity.userId,
        action: 'impersonation-end',
      });
      return authService.issueToken(ended.impersonatorSessionId);
    },
  };
}

export type ImpersonationService = ReturnType<typeof createImpersonationService>;
