import { and, count, eq, inArray, isNull, or, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { auditLog } from '../audit/schema.ts';
import { user, verification } from '../auth/schema.ts';
import { clinicShare } from '../clinic-sharing/schema.ts';
import { accountDeletion, retainedTestRecord } from './schema.ts';
import { document } from '../documents/schema.ts';
import { dataExport } from '../exports/schema.ts';
import { surveyResponse } from '../health-survey/schema.ts';
import { genotypeImport } from '../imports/schema.ts';
import { report, reportVersion } from '../lab/schema.ts';
import { coupleAccount, individualOrder } from '../orders/schema.ts';
import { partnerInvitation } from '../partner/schema.ts';
import { rateLimit } from '../rate-limit/schema.ts';

export type AccountDeletionRow = typeof accountDeletion.$inferSelect;
export type RetainedTestRecordRow = typeof retainedTestRecord.$inferInsert;

/** What the data-rights center reads and deletes (ADR 027): the only code that speaks Drizzle for it. */
export function createDataRightsRepository(db: Database) {
  const counted = async (query: Promise<{ value: number | string | null }[]>) =>
    Number((await query)[0]?.value ?? 0);

  return {
    async deletionOf(userId: string): Promise<AccountDeletionRow | null> {
      const rows = await db
        .select()
        .from(accountDeletion)
        .where(eq(accountDeletion.userId, userId))
        .limit(1);
      return rows[0] ?? null;
    },

    async deletionById(id: string): Promise<AccountDeletionRow | null> {
      const rows = await db
        .select()
        .from(accountDeletion)
        .where(eq(accountDeletion.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** False when the person already asked (one request per person). */
    async insertDeletion(row: AccountDeletionRow): Promise<boolean> {
      const inserted = await db
        .insert(accountDeletion)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: accountDeletion.id });
      return inserted.length > 0;
    },

    async removeDeletion(userId: string): Promise<boolean> {
      const removed = await db
        .delete(accountDeletion)
        .where(eq(accountDeletion.userId, userId))
        .returning({ id: accountDeletion.id });
      return removed.length > 0;
    },

    /** Consent given again keeps the date it was first given; withdrawn, it is cleared. */
    async setResearchConsent(userId: string, at: Date | null): Promise<Date | null> {
      const rows = await db
        .update(user)
        .set({
          researchConsentAt: at === null ? null : sql`coalesce(${user.researchConsentAt}, ${at})`,
        })
        .where(eq(user.id, userId))
        .returning({ at: user.researchConsentAt });
      return rows[0]?.at ?? null;
    },

    /** Counts and bytes of what the portal holds about the person. */
    async held(userId: string) {
      const orders = db
        .select({ id: individualOrder.id })
        .from(individualOrder)
        .where(eq(individualOrder.userId, userId));
      const accounts = db
        .select({ id: coupleAccount.id })
        .from(coupleAccount)
        .where(or(eq(coupleAccount.mother, userId), eq(coupleAccount.father, userId)));
      const reports = await counted(
        db
          .select({ value: count() })
          .from(report)
          .where(
            or(
              inArray(report.individualOrderId, orders),
              inArray(report.coupleAccountId, accounts),
            ),
          ),
      );
      const [documents] = await db
        .select({ count: count(), bytes: sum(document.size) })
        .from(document)
        .where(eq(document.userId, userId));
      const surveys = await counted(
        db.select({ value: count() }).from(surveyResponse).where(eq(surveyResponse.userId, userId)),
      );
      const [imports] = await db
        .select({ count: count(), bytes: sum(genotypeImport.size) })
        .from(genotypeImport)
        .where(eq(genotypeImport.userId, userId));
      const exportRows = await db
        .select({ files: dataExport.files })
        .from(dataExport)
        .where(eq(dataExport.userId, userId));
      // Each ready export lists its files as [{ size, ... }].
      const exportBytes = exportRows
        .flatMap((row) => (Array.isArray(row.files) ? (row.files as { size?: unknown }[]) : []))
        .reduce((total, file) => total + (typeof file.size === 'number' ? file.size : 0), 0);
      const links = await counted(
        db
          .select({ value: count() })
          .from(clinicShare)
          .where(and(eq(clinicShare.userId, userId), isNull(clinicShare.revokedAt))),
      );
      return {
        reports,
        documents: { count: documents?.count ?? 0, bytes: Number(documents?.bytes ?? 0) },
        surveys,
        imports: { count: imports?.count ?? 0, bytes: Number(imports?.bytes ?? 0) },
        exports: { count: exportRows.length, bytes: exportBytes },
        clinicLinks: links,
      };
    },

    /**
     * The person's test records as a lab keeps them: their individual orders (a couple's
     * partner's part included) and every version of each one's report.
     */
    async testRecordsOf(userId: string) {
      const orders = await db
        .select()
        .from(individualOrder)
        .where(eq(individualOrder.userId, userId))
        .orderBy(individualOrder.createdAt);
      const orderIds = orders.map((order) => order.id);
      const versions =
        orderIds.length === 0
          ? []
          : await db
              .select({
                orderId: report.individualOrderId,
                labReportId: report.labReportId,
                kind: report.kind,
                version: reportVersion.version,
                signedOffOn: reportVersion.signedOffOn,
                content: reportVersion.content,
              })
              .from(report)
              .innerJoin(reportVersion, eq(reportVersion.reportId, report.id))
              .where(inArray(report.individualOrderId, orderIds))
              .orderBy(report.labReportId, reportVersion.version);
      return { orders, versions };
    },

    async deleteRetainedRecord(id: string): Promise<boolean> {
      const removed = await db
        .delete(retainedTestRecord)
        .where(eq(retainedTestRecord.id, id))
        .returning({ id: retainedTestRecord.id });
      return removed.length > 0;
    },

    /** The files of the person kept outside the file store's own folder. */
    async filesOf(userId: string) {
      const documents = await db
        .select({ storagePath: document.storagePath })
        .from(document)
        .where(eq(document.userId, userId));
      const imports = await db
        .select({ id: genotypeImport.id })
        .from(genotypeImport)
        .where(eq(genotypeImport.userId, userId));
      return {
        documentPaths: documents.map((row) => row.storagePath),
        importIds: imports.map((row) => row.id),
      };
    },

    /**
     * Deletes the person's rows, in one transaction. The user row goes and every table that
     * belongs to them with it (foreign keys cascade); what only names them is cleared: the
     * couple account keeps the partner's joint and embryo reports without the person's email,
     * invitations to their address go, their rate-limit counters go. The audit trail stays, with
     * the person's id replaced by `pseudonym`, so staff accesses remain accounted for. The test
     * records the lab must keep, when there are any, are kept apart in the same transaction.
     */
    async deletePerson(
      person: { id: string; email: string },
      rateLimitKeys: readonly string[],
      pseudonym: string,
      retained: RetainedTestRecordRow | null,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        if (retained !== null) await tx.insert(retainedTestRecord).values(retained);
        await tx
          .update(auditLog)
          .set({ subjectId: pseudonym })
          .where(eq(auditLog.subjectId, person.id));
        await tx
          .update(auditLog)
          .set({ actorId: pseudonym })
          .where(eq(auditLog.actorId, person.id));
        await tx
          .update(coupleAccount)
          .set({ motherEmail: null })
          .where(
            or(eq(coupleAccount.mother, person.id), eq(coupleAccount.motherEmail, person.email)),
          );
        await tx
          .update(coupleAccount)
          .set({ fatherEmail: null })
          .where(
            or(eq(coupleAccount.father, person.id), eq(coupleAccount.fatherEmail, person.email)),
          );
        await tx.delete(partnerInvitation).where(eq(partnerInvitation.email, person.email));
        await tx.delete(rateLimit).where(inArray(rateLimit.key, [...rateLimitKeys]));
        await tx
          .delete(verification)
          .where(sql`${verification.identifier} like ${`%${person.email}%`}`);
        await tx.delete(user).where(eq(user.id, person.id));
      });
    },
  };
}

export type DataRightsRepository = ReturnType<typeof createDataRightsRepository>;
