import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { clinicShare } from '../clinic-sharing/schema.ts';
import { clinic, patientClinic } from './schema.ts';
import { kit } from '../kits/schema.ts';
import { purchaseOrder } from '../purchase-orders/schema.ts';

export type ClinicRow = typeof clinic.$inferSelect;
export type ClinicChanges = Omit<typeof clinic.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** '%' and '_' match themselves in a LIKE pattern. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The clinic directory and each person's chosen clinic: the only code that speaks Drizzle for them. */
export function createClinicsRepository(db: Database) {
  return {
    /** Every clinic, active or not, by name. */
    async all(): Promise<ClinicRow[]> {
      return db.select().from(clinic).orderBy(asc(clinic.name), asc(clinic.id));
    },

    /** Active clinics, by name; with `text`, those whose name or city holds it or whose state is one of `states`. */
    async active(filter?: { text: string; states: readonly string[] }): Promise<ClinicRow[]> {
      const conditions: SQL[] = [eq(clinic.active, true)];
      if (filter !== undefined) {
        const pattern = likePattern(filter.text);
        const matches = [ilike(clinic.name, pattern), ilike(clinic.city, pattern)];
        if (filter.states.length > 0) matches.push(inArray(clinic.state, [...filter.states]));
        const any = or(...matches);
        if (any !== undefined) conditions.push(any);
      }
      return db
        .select()
        .from(clinic)
        .where(and(...conditions))
        .orderBy(asc(clinic.name), asc(clinic.id));
    },

    async byId(id: string): Promise<ClinicRow | null> {
      const rows = await db.select().from(clinic).where(eq(clinic.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async insert(row: typeof clinic.$inferInsert): Promise<ClinicRow> {
      const rows = await db.insert(clinic).values(row).returning();
      const inserted = rows[0];
      if (inserted === undefined) throw new Error('The insert returned no row');
      return inserted;
    },

    /** The changed clinic; null when there is no such clinic. */
    async update(id: string, changes: ClinicChanges): Promise<ClinicRow | null> {
      const rows = await db
        .update(clinic)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(clinic.id, id))
        .returning();
      return rows[0] ?? null;
    },

    /** The clinic the person chose, active or not. */
    async chosenBy(userId: string): Promise<ClinicRow | null> {
      const rows = await db
        .select({ clinic })
        .from(patientClinic)
        .innerJoin(clinic, eq(clinic.id, patientClinic.clinicId))
        .where(eq(patientClinic.userId, userId))
        .limit(1);
      return rows[0]?.clinic ?? null;
    },

    /**
     * Records the choice. The consent to share reports (ADR 026) names one clinic: choosing
     * another one withdraws it, and the links mailed to the old clinic stop working.
     */
    async choose(userId: string, clinicId: string): Promise<void> {
      const chosenAt = new Date();
      await db.transaction(async (tx) => {
        await tx
          .insert(patientClinic)
          .values({ userId, clinicId, chosenAt })
          .onConflictDoUpdate({
            target: patientClinic.userId,
            set: {
              clinicId,
              chosenAt,
              sharingSince: sql`case when ${patientClinic.clinicId} = excluded.clinic_id then ${patientClinic.sharingSince} end`,
            },
          });
        await tx
          .update(clinicShare)
          .set({ revokedAt: chosenAt })
          .where(
            and(
              eq(clinicShare.userId, userId),
              ne(clinicShare.clinicId, clinicId),
              isNull(clinicShare.revokedAt),
            ),
          );
      });
    },

    /** Clears the choice, the consent to share with it, and every link mailed to it. */
    async clear(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(patientClinic).where(eq(patientClinic.userId, userId));
        await tx
          .update(clinicShare)
          .set({ revokedAt: new Date() })
          .where(and(eq(clinicShare.userId, userId), isNull(clinicShare.revokedAt)));
      });
    },

    /** The ZIP of the newest kit shipped for an order the person bought; null for none. */
    async shippingZipOf(userId: string): Promise<string | null> {
      const rows = await db
        .select({ address: kit.shippingAddress })
        .from(kit)
        .innerJoin(purchaseOrder, eq(purchaseOrder.id, kit.orderId))
        .where(eq(purchaseOrder.userId, userId))
        .orderBy(desc(kit.createdAt), asc(kit.id))
        .limit(1);
      const address = rows[0]?.address;
      if (typeof address !== 'object' || address === null || !('zip' in address)) return null;
      return typeof address.zip === 'string' ? address.zip : null;
    },
  };
}

export type ClinicsRepository = ReturnType<typeof createClinicsRepository>;
