import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { clinicShare } from './schema.ts';
import { clinic, patientClinic } from '../clinics/schema.ts';

export type ClinicShareRow = typeof clinicShare.$inferSelect;

/** Consents and links of report sharing with clinics (ADR 026): the only code that speaks Drizzle for them. */
export function createClinicSharingRepository(db: Database) {
  /** The person's chosen clinic with their consent; null when they chose none. */
  async function choiceOf(userId: string) {
    const rows = await db
      .select({ clinic, sharingSince: patientClinic.sharingSince })
      .from(patientClinic)
      .innerJoin(clinic, eq(clinic.id, patientClinic.clinicId))
      .where(eq(patientClinic.userId, userId))
      .limit(1);
    return rows[0] ?? null;
  }

  return {
    choiceOf,

    /** Whether the person shares their reports with this clinic now. */
    async sharesWith(userId: string, clinicId: string): Promise<boolean> {
      const choice = await choiceOf(userId);
      return choice?.clinic.id === clinicId && choice.sharingSince !== null;
    },

    /**
     * Records the consent (kept from its first day when given again), revokes every earlier link
     * and adds the new one, together.
     */
    async startSharing(link: typeof clinicShare.$inferInsert, at: Date): Promise<Date> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({ since: patientClinic.sharingSince })
          .from(patientClinic)
          .where(eq(patientClinic.userId, link.userId))
          .limit(1);
        const since = rows[0]?.since ?? at;
        await tx
          .update(patientClinic)
          .set({ sharingSince: since })
          .where(eq(patientClinic.userId, link.userId));
        await tx
          .update(clinicShare)
          .set({ revokedAt: at })
          .where(and(eq(clinicShare.userId, link.userId), isNull(clinicShare.revokedAt)));
        await tx.insert(clinicShare).values(link);
        return since;
      });
    },

    /** Withdraws the consent; every link stops working. */
    async stopSharing(userId: string, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(patientClinic)
          .set({ sharingSince: null })
          .where(eq(patientClinic.userId, userId));
        await tx
          .update(clinicShare)
          .set({ revokedAt: at })
          .where(and(eq(clinicShare.userId, userId), isNull(clinicShare.revokedAt)));
      });
    },

    /** The person's link in force (not revoked), newest first; it may have expired. */
    async currentLink(userId: string): Promise<ClinicShareRow | null> {
      const rows = await db
        .select()
        .from(clinicShare)
        .where(and(eq(clinicShare.userId, userId), isNull(clinicShare.revokedAt)))
        .orderBy(desc(clinicShare.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },

    async linkByTokenHash(tokenHash: string): Promise<ClinicShareRow | null> {
      const rows = await db
        .select()
        .from(clinicShare)
        .where(eq(clinicShare.tokenHash, tokenHash))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

export type ClinicSharingRepository = ReturnType<typeof createClinicSharingRepository>;
