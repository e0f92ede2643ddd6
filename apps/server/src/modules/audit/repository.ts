import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  lt,
  ne,
  notInArray,
  or,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { auditLog } from './schema.ts';
import { user } from '../auth/schema.ts';

/** Entries about one person made by someone else, of some actions only or of all but some. */
export interface AccessFilter {
  subjectId: string;
  actions?: { only: readonly string[] } | { except: readonly string[] };
}

export type NewAuditRow = typeof auditLog.$inferInsert & { id: string };

/** A user id or its stored (lower-case) email. */
export interface PersonKey {
  id: string;
  email: string;
}

/** What the audit log is narrowed to; every part is optional. */
export interface AuditRowFilter {
  actor?: PersonKey | undefined;
  subject?: PersonKey | undefined;
  action?: string | undefined;
  /** Counts. */
  from?: Date | undefined;
  /** Does not count. */
  to?: Date | undefined;
}

/** The only code that reads or writes the audit log with Drizzle. */
export function createAuditRepository(db: Database) {
  const actor = alias(user, 'actor');
  const subject = alias(user, 'subject');

  function where(filter: AuditRowFilter): SQL | undefined {
    return and(
      filter.actor &&
        or(eq(auditLog.actorId, filter.actor.id), eq(actor.email, filter.actor.email)),
      filter.subject &&
        or(eq(auditLog.subjectId, filter.subject.id), eq(subject.email, filter.subject.email)),
      filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
      filter.from && gte(auditLog.at, filter.from),
      filter.to && lt(auditLog.at, filter.to),
    );
  }

  function accessWhere({ subjectId, actions }: AccessFilter): SQL | undefined {
    return and(
      eq(auditLog.subjectId, subjectId),
      or(isNull(auditLog.actorId), ne(auditLog.actorId, subjectId)),
      actions === undefined
        ? undefined
        : 'only' in actions
          ? inArray(auditLog.action, [...actions.only])
          : notInArray(auditLog.action, [...actions.except]),
    );
  }

  return {
    /**
     * Writes the row; a second read of the same page view (same view id, staff member,
     * patient, action and page) hits the unique index and writes nothing.
     */
    async insert(row: NewAuditRow) {
      await db.insert(auditLog).values(row).onConflictDoNothing();
    },

    /**
     * Newest first, with the actor's and subject's current emails (null once an account is
     * gone). A person matches by id, or by stored (lower-case) email.
     */
    async list(filter: AuditRowFilter, window: { limit: number; offset: number }) {
      return db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          action: auditLog.action,
          route: auditLog.route,
          page: auditLog.page,
          requestId: auditLog.requestId,
          actorId: auditLog.actorId,
          actorEmail: actor.email,
          subjectId: auditLog.subjectId,
          subjectEmail: subject.email,
        })
        .from(auditLog)
        .leftJoin(actor, eq(actor.id, auditLog.actorId))
        .leftJoin(subject, eq(subject.id, auditLog.subjectId))
        .where(where(filter))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(window.limit)
        .offset(window.offset);
    },

    /**
     * Entries about the person made by anyone else (the actor is someone else, or unknown: a
     * clinic's share link), newest first, with the actor's name as the account now has it.
     */
    async listAccesses(filter: AccessFilter, window: { limit: number; offset: number }) {
      return db
        .select({
          id: auditLog.id,
          at: auditLog.at,
          action: auditLog.action,
          page: auditLog.page,
          actorFirstName: actor.firstName,
          actorLastName: actor.lastName,
          actorName: actor.name,
        })
        .from(auditLog)
        .leftJoin(actor, eq(actor.id, auditLog.actorId))
        .where(accessWhere(filter))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(window.limit)
        .offset(window.offset);
    },

    async countAccesses(filter: AccessFilter): Promise<number> {
      const [row] = await db.select({ total: count() }).from(auditLog).where(accessWhere(filter));
      return row?.total ?? 0;
    },

    async count(filter: AuditRowFilter): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(auditLog)
        .leftJoin(actor, eq(actor.id, auditLog.actorId))
        .leftJoin(subject, eq(subject.id, auditLog.subjectId))
        .where(where(filter));
      return row?.total ?? 0;
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
