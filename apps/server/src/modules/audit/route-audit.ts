import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditAction } from '@nestling/shared/contract/admin';

/**
 * Whose data an audited route is about: the caller's own (`caller`), nobody's (`none`: the
 * lab's settings, a product) or a person the handler names with `request.auditSubject` once it
 * knows them (an order's buyer). A `named` route that names nobody writes no row: the read
 * turned out not to be of anyone else's data.
 */
export type AuditSubject = 'caller' | 'none' | 'named';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** One audit row when the route answers with success (ADR 052): `config: { audit: … }`. */
    audit?: { action: AuditAction; subject: AuditSubject };
  }
  interface FastifyRequest {
    /** The person an audited `named` route was about; see AuditSubject. */
    auditSubject: string | null;
  }
}

function subjectOf(request: FastifyRequest, subject: AuditSubject): string | null | undefined {
  if (subject === 'caller') return request.identity?.userId ?? null;
  if (subject === 'none') return null;
  return request.auditSubject ?? undefined;
}

/**
 * Writes the audit row of a route that declares one, once its handler has succeeded and before
 * the answer leaves: no audited answer goes out without its row, and a refusal writes none.
 * The actor is the signed-in person (the admin, when impersonating: identity says so).
 */
export const routeAuditPlugin = fp(
  (app: FastifyInstance) => {
    app.decorateRequest('auditSubject', null);
    app.addHook('onSend', async (request, reply, payload) => {
      const declared = request.routeOptions.config.audit;
      if (declared === undefined || reply.statusCode >= 400) return payload;
      const subjectId = subjectOf(request, declared.subject);
      if (subjectId === undefined) return payload;
      await app.audit.record(request, {
        actorId: request.identity?.userId ?? null,
        subjectId,
        action: declared.action,
      });
      return payload;
    });
    return Promise.resolve();
  },
  { name: 'route-audit', dependencies: ['identity'] },
);
