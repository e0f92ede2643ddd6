import { desc, eq, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { auditLog, user } from '../../db/schema.ts';

export type NewAuditRow = typeof auditLog.$inferInsert & { id: string };

/** The only code that reads or writes the audit log with Drizzle. */
export function createAuditRepository(db: Database) {
  const actor = alias(user, 'actor');
  const subject = alias(user, 'subject');

  return {
    async insert(row: NewAuditRow) {
      await db.insert(auditLog).values(row);
    },

    /**
     * Newest first, with the actor's and subject's current emails (null once an account is
     * gone). `subject` matches the subject's id, or its stored (lower-case) email.
     */
    async list(options: { limit: number; subject?: { id: string; email: string } }) {
      const query = db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          action: auditLog.action,
          route: auditLog.route,
          requestId: auditLog.requestId,
          actorId: auditLog.actorId,
          actorEmail: actor.email,
          subjectId: auditLog.subjectId,
          subjectEmail: subject.email,
        })
        .from(auditLog)
        .leftJoin(actor, eq(actor.id, auditLog.actorId))
        .leftJoin(subject, eq(subject.id, auditLog.subjectId));
      const filtered =
        options.subject === undefined
          ? query
          : query.where(
              or(
                eq(auditLog.subjectId, options.subject.id),
                eq(subject.email, options.subject.email),
              ),
            );
      return filtered.orderBy(desc(auditLog.at), desc(auditLog.id)).limit(options.limit);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
