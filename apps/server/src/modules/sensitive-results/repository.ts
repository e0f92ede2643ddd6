import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { appointment } from '../appointments/schema.ts';
import { sensitiveRelease, sensitiveResultRule } from './schema.ts';

export type SensitiveRuleRow = typeof sensitiveResultRule.$inferSelect;
export type SensitiveReleaseRow = typeof sensitiveRelease.$inferSelect;

/** The lab's rules and each person's releases (ADR 022): the only Drizzle code for them. */
export function createSensitiveResultsRepository(db: Database) {
  return {
    async rules(): Promise<SensitiveRuleRow[]> {
      return db
        .select()
        .from(sensitiveResultRule)
        .orderBy(asc(sensitiveResultRule.kind), asc(sensitiveResultRule.code));
    },

    /** 'taken' when the same kind and code is a rule already. */
    async insertRule(row: typeof sensitiveResultRule.$inferInsert): Promise<'inserted' | 'taken'> {
      const inserted = await db
        .insert(sensitiveResultRule)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: sensitiveResultRule.id });
      return inserted.length > 0 ? 'inserted' : 'taken';
    },

    async deleteRule(id: string): Promise<boolean> {
      const deleted = await db
        .delete(sensitiveResultRule)
        .where(eq(sensitiveResultRule.id, id))
        .returning({ id: sensitiveResultRule.id });
      return deleted.length > 0;
    },

    async release(reportId: string, userId: string): Promise<SensitiveReleaseRow | null> {
      const rows = await db
        .select()
        .from(sensitiveRelease)
        .where(and(eq(sensitiveRelease.reportId, reportId), eq(sensitiveRelease.userId, userId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Records the choice once: made again, the first one stands. */
    async insertRelease(row: typeof sensitiveRelease.$inferInsert): Promise<void> {
      await db.insert(sensitiveRelease).values(row).onConflictDoNothing();
    },

    /** Whether the person has a booked counseling appointment that has not ended. */
    async hasUpcomingAppointment(userId: string, after: Date): Promise<boolean> {
      const rows = await db
        .select({ id: appointment.id })
        .from(appointment)
        .where(
          and(
            eq(appointment.userId, userId),
            eq(appointment.status, 'booked'),
            gt(appointment.endsAt, after),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type SensitiveResultsRepository = ReturnType<typeof createSensitiveResultsRepository>;
