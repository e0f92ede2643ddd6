import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  AUDIT_DEFAULT_LIMIT,
  type AuditAction,
  type AuditEntry,
} from '@nestling/shared/contract/admin';
import { normaliseEmail } from '../users/service.ts';
import type { AuditRepository } from './repository.ts';

export interface AuditEvent {
  /** Who acted: the signed-in person (the admin, when viewing as or impersonating). */
  actorId: string | null;
  /** Whose data or account it was about. */
  subjectId: string | null;
  action: AuditAction;
}

/** 'GET /api/user': the route pattern, never the raw URL (its query may hold an email). */
export function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0] ?? ''}`;
}

/** The audit log: who read or changed whose data, and when. Never health data or secrets. */
export function createAuditService(repository: AuditRepository) {
  return {
    /**
     * One row for an event of this request, with its route and request id. The database
     * stamps the time, so rows of one server and of several replicas order alike.
     */
    async record(request: FastifyRequest, event: AuditEvent) {
      await repository.insert({
        id: randomUUID(),
        ...event,
        route: routeOf(request),
        requestId: request.id,
      });
    },

    /** Newest first; `subject` is a user id or an email. */
    async list(options: { limit?: number | undefined; subject?: string | undefined }) {
      const rows = await repository.list({
        limit: options.limit ?? AUDIT_DEFAULT_LIMIT,
        ...(options.subject === undefined
          ? {}
          : { subject: { id: options.subject, email: normaliseEmail(options.subject) } }),
      });
      return rows.map((row): AuditEntry => ({ ...row, at: row.at.toISOString() }));
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
