import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { user } from '../auth/schema.ts';
import { riskConditionSetting } from './schema.ts';

/** A lab's values for one condition, with the current email of the staff member who set them. */
export interface RiskConditionSettingRow {
  code: string;
  prevalence: number | null;
  r2: number | null;
  heritability: number | null;
  note: string;
  changedAt: Date;
  changedByEmail: string | null;
}

export type NewRiskConditionSetting = Omit<typeof riskConditionSetting.$inferInsert, 'changedAt'>;

/** The risk_condition_setting table. */
export function createRiskCalculatorRepository(db: Database) {
  const selectRows = () =>
    db
      .select({
        code: riskConditionSetting.code,
        prevalence: riskConditionSetting.prevalence,
        r2: riskConditionSetting.r2,
        heritability: riskConditionSetting.heritability,
        note: riskConditionSetting.note,
        changedAt: riskConditionSetting.changedAt,
        changedByEmail: user.email,
      })
      .from(riskConditionSetting)
      .leftJoin(user, eq(user.id, riskConditionSetting.changedBy));

  return {
    async list(): Promise<RiskConditionSettingRow[]> {
      return selectRows();
    },

    async find(code: string): Promise<RiskConditionSettingRow | null> {
      const rows = await selectRows().where(eq(riskConditionSetting.code, code)).limit(1);
      return rows[0] ?? null;
    },

    /** Replaces the condition's values as a whole: a null goes back to the published value. */
    async upsert(row: NewRiskConditionSetting): Promise<void> {
      const changes = {
        prevalence: row.prevalence ?? null,
        r2: row.r2 ?? null,
        heritability: row.heritability ?? null,
        note: row.note,
        changedBy: row.changedBy ?? null,
        changedAt: new Date(),
      };
      await db
        .insert(riskConditionSetting)
        .values({ code: row.code, ...changes })
        .onConflictDoUpdate({ target: riskConditionSetting.code, set: changes });
    },

    /** Whether there was a row to remove. */
    async remove(code: string): Promise<boolean> {
      const rows = await db
        .delete(riskConditionSetting)
        .where(eq(riskConditionSetting.code, code))
        .returning({ code: riskConditionSetting.code });
      return rows.length > 0;
    },
  };
}

export type RiskCalculatorRepository = ReturnType<typeof createRiskCalculatorRepository>;
