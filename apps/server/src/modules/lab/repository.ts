import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { user } from '../auth/schema.ts';
import { labApiKey, report, reportVersion } from './schema.ts';
import { coupleAccount, individualOrder } from '../orders/schema.ts';
import { orderEvent, purchaseOrder } from '../purchase-orders/schema.ts';

export type ReportRow = typeof report.$inferSelect;
export type ReportVersionRow = typeof reportVersion.$inferSelect;
export type NewReportRow = typeof report.$inferInsert;
export type NewReportVersionRow = typeof reportVersion.$inferInsert;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The lab module's Drizzle code: lab API keys and received reports. */
export function createLabRepository(db: Database) {
  const creator = alias(user, 'creator');
  return {
    async insertKey(row: typeof labApiKey.$inferInsert) {
      await db.insert(labApiKey).values(row);
    },

    /** Newest first, with the creator's email. */
    async listKeys() {
      return db
        .select({
          id: labApiKey.id,
          name: labApiKey.name,
          prefix: labApiKey.prefix,
          createdByEmail: creator.email,
          createdAt: labApiKey.createdAt,
          lastUsedAt: labApiKey.lastUsedAt,
          revokedAt: labApiKey.revokedAt,
        })
        .from(labApiKey)
        .leftJoin(creator, eq(creator.id, labApiKey.createdBy))
        .orderBy(desc(labApiKey.createdAt), desc(labApiKey.id));
    },

    /** Sets revoked_at once; false when there is no such key. */
    async revokeKey(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(labApiKey)
        .set({ revokedAt: sql`coalesce(${labApiKey.revokedAt}, ${at})` })
        .where(eq(labApiKey.id, id))
        .returning({ id: labApiKey.id });
      return rows.length > 0;
    },

    /** The id of the unrevoked key with this hash, its last use stamped; null for none. */
    async useKey(keyHash: string, at: Date): Promise<string | null> {
      const rows = await db
        .update(labApiKey)
        .set({ lastUsedAt: at })
        .where(and(eq(labApiKey.keyHash, keyHash), isNull(labApiKey.revokedAt)))
        .returning({ id: labApiKey.id });
      return rows[0]?.id ?? null;
    },

    /** Runs `work` in one transaction: a failure stores nothing. */
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /**
     * The individual order a lab names by its id or by its kit (its purchase id, as the tube
     * says); null when neither names exactly one.
     */
    async individualOrderOf(tx: Transaction, idOrKit: string): Promise<string | null> {
      const rows = await tx
        .select({ id: individualOrder.id })
        .from(individualOrder)
        .where(or(eq(individualOrder.id, idOrKit), eq(individualOrder.purchaseId, idOrKit)))
        .limit(2);
      const exact = rows.find((row) => row.id === idOrKit);
      return exact?.id ?? (rows.length === 1 ? (rows[0]?.id ?? null) : null);
    },

    async coupleAccountExists(tx: Transaction, id: string): Promise<boolean> {
      const rows = await tx
        .select({ id: coupleAccount.id })
        .from(coupleAccount)
        .where(eq(coupleAccount.id, id))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * The report with this lab id, inserted first when new. Of two deliveries racing to create
     * it, one inserts and the other reads the row once the first commits.
     */
    async findOrInsertReport(tx: Transaction, row: NewReportRow & { id: string }) {
      await tx.insert(report).values(row).onConflictDoNothing({ target: report.labReportId });
      const rows = await tx
        .select()
        .from(report)
        .where(eq(report.labReportId, row.labReportId))
        .limit(1);
      const found = rows[0];
      if (found === undefined) throw new Error('report row vanished within its transaction');
      return found;
    },

    async findVersion(
      tx: Transaction,
      reportId: string,
      version: number,
    ): Promise<ReportVersionRow | null> {
      const rows = await tx
        .select()
        .from(reportVersion)
        .where(and(eq(reportVersion.reportId, reportId), eq(reportVersion.version, version)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * The paid orders that made this individual order or couple account and whose tracker is
     * not at 'report ready' yet, locked until the transaction ends.
     */
    async ordersAwaitingReport(
      tx: Transaction,
      owner: { individualOrderId: string | null; coupleAccountId: string | null },
    ): Promise<{ id: string }[]> {
      const ofOwner =
        owner.individualOrderId !== null
          ? eq(purchaseOrder.individualOrderId, owner.individualOrderId)
          : owner.coupleAccountId !== null
            ? eq(purchaseOrder.coupleAccountId, owner.coupleAccountId)
            : undefined;
      if (ofOwner === undefined) return [];
      return tx
        .select({ id: purchaseOrder.id })
        .from(purchaseOrder)
        .where(
          and(ofOwner, eq(purchaseOrder.status, 'paid'), ne(purchaseOrder.stage, 'report-ready')),
        )
        .for('update');
    },

    /** The tracker's 'report ready', recorded by the lab. */
    async markReportReady(tx: Transaction, orderId: string, eventId: string, at: Date) {
      await tx.insert(orderEvent).values({
        id: eventId,
        orderId,
        stage: 'report-ready',
        at,
        source: 'lab',
        actorId: null,
      });
      await tx
        .update(purchaseOrder)
        .set({ stage: 'report-ready' })
        .where(eq(purchaseOrder.id, orderId));
    },

    /** The inserted row, or null when that version exists already (a concurrent delivery). */
    async insertVersion(
      tx: Transaction,
      row: NewReportVersionRow & { id: string },
    ): Promise<ReportVersionRow | null> {
      const rows = await tx
        .insert(reportVersion)
        .values(row)
        .onConflictDoNothing({ target: [reportVersion.reportId, reportVersion.version] })
        .returning();
      return rows[0] ?? null;
    },
  };
}

export type LabRepository = ReturnType<typeof createLabRepository>;
