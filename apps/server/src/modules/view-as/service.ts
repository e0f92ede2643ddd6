import type { FastifyRequest } from 'fastify';
import { USER_NOT_FOUND, VIEW_AS_ADMIN_ONLY } from '@nestling/shared/contract/portal-user';
import type { UserRow } from '../auth/schema.ts';
import type { AuditService } from '../audit/index.ts';
import type { Identity } from '../auth/index.ts';
import type { UsersRepository } from '../users/index.ts';
import { normalizeEmail } from '@nestling/shared/contract/fields';
import { Refusal } from '../../lib/refusal.ts';

/**
 * Whose data a request reads (spec section 4, impersonation): the caller's own, or, with
 * `asUser` (an id or an email), that user's, for admins only. Every read as someone else
 * is audited: one row per page view the web app names, else one row per request (ADR 007).
 */
export function createViewAsService(deps: { users: UsersRepository; audit: AuditService }) {
  const { users, audit } = deps;

  return {
    async resolveSubject(
      request: FastifyRequest,
      identity: Identity,
      asUser: string | undefined,
    ): Promise<UserRow> {
      // The caller's row was read with the session, this request.
      if (asUser === undefined) return identity.user;
      // Strict: even an admin's own id or a patient's own id counts as viewing as someone, so
      // the parameter means one thing only. Under impersonation the caller is the patient.
      if (!identity.isAdminUser) throw new Refusal(403, VIEW_AS_ADMIN_ONLY);
      const key = asUser.trim();
      const subject = key.includes('@')
        ? await users.findByEmail(normalizeEmail(key))
        : await users.findById(key);
      if (subject === null) throw new Refusal(404, USER_NOT_FOUND);
      await audit.recordRead(request, {
        actorId: identity.userId,
        subjectId: subject.id,
        action: 'view-as',
      });
      return subject;
    },
  };
}

export type ViewAsService = ReturnType<typeof createViewAsService>;
