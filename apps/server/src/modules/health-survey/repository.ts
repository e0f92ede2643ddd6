import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { user } from '../auth/schema.ts';
import { surveyResponse } from './schema.ts';
import { report } from '../lab/schema.ts';
import { coupleAccount, individualOrder } from '../orders/schema.ts';
import { recordPersonalStep } from '../onboarding/index.ts';

export type SurveyResponseRow = typeof surveyResponse.$inferSelect;
export type NewSurveyResponse = typeof surveyResponse.$inferInsert;

/** The only code that reads or writes health survey rows with Drizzle. */
export function createHealthSurveyRepository(db: Database) {
  const coupleAccountIds = (userId: string) =>
    db
      .select({ id: coupleAccount.id })
      .from(coupleAccount)
      .where(or(eq(coupleAccount.mother, userId), eq(coupleAccount.father, userId)));

  return {
    async find(userId: string, variant: string): Promise<SurveyResponseRow | null> {
      const rows = await db
        .select()
        .from(surveyResponse)
        .where(and(eq(surveyResponse.userId, userId), eq(surveyResponse.variant, variant)))
        .limit(1);
      return rows[0] ?? null;
    },

    async listOf(userId: string): Promise<Pick<SurveyResponseRow, 'variant' | 'status'>[]> {
      return db
        .select({ variant: surveyResponse.variant, status: surveyResponse.status })
        .from(surveyResponse)
        .where(eq(surveyResponse.userId, userId))
        .orderBy(surveyResponse.variant);
    },

    /** The first save: null when a row appeared meanwhile (another tab or device). */
    async insert(row: NewSurveyResponse): Promise<SurveyResponseRow | null> {
      const rows = await db.insert(surveyResponse).values(row).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },

    /** A later save, only if nobody saved since `revision`: null when someone did. */
    async update(
      id: string,
      revision: number,
      changes: Pick<SurveyResponseRow, 'response'> &
        Partial<Pick<SurveyResponseRow, 'currentPage' | 'status' | 'completedAt'>>,
    ): Promise<SurveyResponseRow | null> {
      const rows = await db
        .update(surveyResponse)
        .set({ ...changes, revision: sql`${surveyResponse.revision} + 1` })
        .where(and(eq(surveyResponse.id, id), eq(surveyResponse.revision, revision)))
        .returning();
      return rows[0] ?? null;
    },

    /** Submitting: the response completed, the person's survey done, the step recorded. */
    async complete(
      id: string,
      revision: number,
      userId: string,
      changes: Pick<SurveyResponseRow, 'response' | 'completedAt'>,
    ): Promise<SurveyResponseRow | null> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(surveyResponse)
          .set({ ...changes, status: 'completed', revision: sql`${surveyResponse.revision} + 1` })
          .where(and(eq(surveyResponse.id, id), eq(surveyResponse.revision, revision)))
          .returning();
        const row = rows[0];
        if (!row) return null;
        await tx.update(user).set({ healthSurveyStatus: 'done' }).where(eq(user.id, userId));
        await recordPersonalStep(tx, userId, 'HEALTH_SURVEY');
        return row;
      });
    },

    /** Whether any report has been issued for the person (their orders or couple accounts). */
    async hasReport(userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: report.id })
        .from(report)
        .where(
          or(
            inArray(
              report.individualOrderId,
              db
                .select({ id: individualOrder.id })
                .from(individualOrder)
                .where(eq(individualOrder.userId, userId)),
            ),
            inArray(report.coupleAccountId, coupleAccountIds(userId)),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Whether the person is on a couple account with an embryo report (the pgt survey). */
    async hasEmbryoReport(userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: report.id })
        .from(report)
        .where(
          and(eq(report.kind, 'embryo'), inArray(report.coupleAccountId, coupleAccountIds(userId))),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type HealthSurveyRepository = ReturnType<typeof createHealthSurveyRepository>;
