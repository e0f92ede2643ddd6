import { and, asc, desc, eq, inArray, isNotNull, min, or } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { user } from '../auth/schema.ts';
import { clinic, patientClinic } from '../clinics/schema.ts';
import { report, reportVersion } from '../lab/schema.ts';
import { coupleAccount, individualOrder } from '../orders/schema.ts';
import { partnerInvitation } from '../partner/schema.ts';
import { orderEvent, purchaseOrder } from '../purchase-orders/schema.ts';

export type CoupleAccountRow = typeof coupleAccount.$inferSelect;
export type IndividualOrderRow = typeof individualOrder.$inferSelect;
export type PurchaseOrderRow = typeof purchaseOrder.$inferSelect;
export type OrderEventRow = typeof orderEvent.$inferSelect;

export interface ReportOfTest {
  id: string;
  kind: string;
  coupleAccountId: string | null;
  individualOrderId: string | null;
  /** When its first version arrived. */
  deliveredAt: Date | null;
}

export interface PersonRow {
  id: string;
  firstName: string | null;
  healthSurveyStatus: string | null;
}

/** The rows a person's journey is computed from: read only. */
export function createJourneyRepository(db: Database) {
  return {
    db,

    async coupleAccountsOf(userId: string): Promise<CoupleAccountRow[]> {
      return db
        .select()
        .from(coupleAccount)
        .where(or(eq(coupleAccount.mother, userId), eq(coupleAccount.father, userId)))
        .orderBy(desc(coupleAccount.purchaseDate), asc(coupleAccount.id));
    },

    async individualOrdersOf(userId: string): Promise<IndividualOrderRow[]> {
      return db
        .select()
        .from(individualOrder)
        .where(eq(individualOrder.userId, userId))
        .orderBy(desc(individualOrder.purchaseDate), asc(individualOrder.id));
    },

    /** The paid orders that bought these accounts and individual orders, newest first. */
    async purchaseOrdersOf(
      coupleAccountIds: readonly string[],
      individualOrderIds: readonly string[],
    ): Promise<PurchaseOrderRow[]> {
      const owners = [
        ...(coupleAccountIds.length > 0
          ? [inArray(purchaseOrder.coupleAccountId, [...coupleAccountIds])]
          : []),
        ...(individualOrderIds.length > 0
          ? [inArray(purchaseOrder.individualOrderId, [...individualOrderIds])]
          : []),
      ];
      if (owners.length === 0) return [];
      return db
        .select()
        .from(purchaseOrder)
        .where(or(...owners))
        .orderBy(desc(purchaseOrder.createdAt), desc(purchaseOrder.seq));
    },

    /** Events of these orders, oldest first. */
    async eventsOf(orderIds: readonly string[]): Promise<OrderEventRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(orderEvent)
        .where(inArray(orderEvent.orderId, [...orderIds]))
        .orderBy(asc(orderEvent.at), asc(orderEvent.createdAt), asc(orderEvent.id));
    },

    /** The reports of these accounts and orders, with when their first version arrived. */
    async reportsOf(
      coupleAccountIds: readonly string[],
      individualOrderIds: readonly string[],
    ): Promise<ReportOfTest[]> {
      const owners = [
        ...(coupleAccountIds.length > 0
          ? [inArray(report.coupleAccountId, [...coupleAccountIds])]
          : []),
        ...(individualOrderIds.length > 0
          ? [inArray(report.individualOrderId, [...individualOrderIds])]
          : []),
      ];
      if (owners.length === 0) return [];
      return db
        .select({
          id: report.id,
          kind: report.kind,
          coupleAccountId: report.coupleAccountId,
          individualOrderId: report.individualOrderId,
          deliveredAt: min(reportVersion.receivedAt),
        })
        .from(report)
        .innerJoin(reportVersion, eq(reportVersion.reportId, report.id))
        .where(or(...owners))
        .groupBy(report.id)
        .orderBy(asc(min(reportVersion.receivedAt)), asc(report.id));
    },

    /** The name of the clinic the person chose on /clinics (ADR 021); null for none. */
    async chosenClinicName(userId: string): Promise<string | null> {
      const rows = await db
        .select({ name: clinic.name })
        .from(patientClinic)
        .innerJoin(clinic, eq(clinic.id, patientClinic.clinicId))
        .where(eq(patientClinic.userId, userId))
        .limit(1);
      return rows[0]?.name ?? null;
    },

    async people(ids: readonly string[]): Promise<PersonRow[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          id: user.id,
          firstName: user.firstName,
          healthSurveyStatus: user.healthSurveyStatus,
        })
        .from(user)
        .where(inArray(user.id, [...ids]));
    },

    /** When each account's partner accepted an invitation (the latest acceptance). */
    async acceptedInvitations(coupleAccountIds: readonly string[]): Promise<Map<string, Date>> {
      if (coupleAccountIds.length === 0) return new Map();
      const rows = await db
        .select({
          coupleAccountId: partnerInvitation.coupleAccountId,
          acceptedAt: partnerInvitation.acceptedAt,
        })
        .from(partnerInvitation)
        .where(
          and(
            inArray(partnerInvitation.coupleAccountId, [...coupleAccountIds]),
            isNotNull(partnerInvitation.acceptedAt),
          ),
        )
        .orderBy(asc(partnerInvitation.acceptedAt));
      const accepted = new Map<string, Date>();
      for (const row of rows) {
        if (row.acceptedAt !== null) accepted.set(row.coupleAccountId, row.acceptedAt);
      }
      return accepted;
    },
  };
}

export type JourneyRepository = ReturnType<typeof createJourneyRepository>;
