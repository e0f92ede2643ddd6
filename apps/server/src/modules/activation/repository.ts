import { and, eq, inArray, isNull, max, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { user } from '../auth/schema.ts';
import { coupleAccount, individualOrder } from '../orders/schema.ts';
import { orderEvent, purchaseOrder } from '../purchase-orders/schema.ts';
import { recordAccountStep } from '../onboarding/index.ts';
import {
  markKitActivated,
  type CoupleAccountRow,
  type IndividualOrderRow,
} from '../orders/index.ts';

/** The purchase that bought a kit, as far as activation needs it. */
export interface PurchaseOfKit {
  id: string;
  individualOrderId: string | null;
  coupleAccountId: string | null;
  stage: string;
  shippedAt: Date | string | null;
}

export interface PersonRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  healthSurveyStatus: string | null;
}

/** Kits, the orders they belong to, and their activation. */
export function createActivationRepository(db: Database) {
  return {
    /** The person's individual tests; their part of a couple's is the couple's kit. */
    async individualOrders(userId: string): Promise<IndividualOrderRow[]> {
      return db
        .select()
        .from(individualOrder)
        .where(and(eq(individualOrder.userId, userId), isNull(individualOrder.coupleAccountId)));
    },

    async coupleAccounts(userId: string): Promise<CoupleAccountRow[]> {
      return db
        .select()
        .from(coupleAccount)
        .where(or(eq(coupleAccount.mother, userId), eq(coupleAccount.father, userId)));
    },

    /**
     * The paid purchase of each order or account, for the tracker's link, with its stage and
     * when its kits shipped (the latest shipment event; null when none is recorded).
     */
    async purchaseOrders(individualIds: string[], accountIds: string[]): Promise<PurchaseOfKit[]> {
      if (individualIds.length === 0 && accountIds.length === 0) return [];
      const purchases = await db
        .select({
          id: purchaseOrder.id,
          individualOrderId: purchaseOrder.individualOrderId,
          coupleAccountId: purchaseOrder.coupleAccountId,
          stage: purchaseOrder.stage,
        })
        .from(purchaseOrder)
        .where(
          or(
            individualIds.length === 0
              ? undefined
              : inArray(purchaseOrder.individualOrderId, individualIds),
            accountIds.length === 0
              ? undefined
              : inArray(purchaseOrder.coupleAccountId, accountIds),
          ),
        );
      if (purchases.length === 0) return [];
      const shipments = await db
        .select({ orderId: orderEvent.orderId, at: max(orderEvent.at) })
        .from(orderEvent)
        .where(
          and(
            inArray(
              orderEvent.orderId,
              purchases.map((purchase) => purchase.id),
            ),
            eq(orderEvent.stage, 'kit-shipped'),
          ),
        )
        .groupBy(orderEvent.orderId);
      return purchases.map((purchase) => ({
        ...purchase,
        shippedAt: shipments.find((shipment) => shipment.orderId === purchase.id)?.at ?? null,
      }));
    },

    async people(ids: string[]): Promise<PersonRow[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          id: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          healthSurveyStatus: user.healthSurveyStatus,
        })
        .from(user)
        .where(inArray(user.id, ids));
    },

    async findCoupleAccount(id: string): Promise<CoupleAccountRow | null> {
      const rows = await db.select().from(coupleAccount).where(eq(coupleAccount.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /**
     * Stamps the account's `activated_at` once, records KIT_ACTIVATED, and moves the tracker of
     * the paid order that bought the kits to 'kit activated' when it is not there or further
     * yet: all or nothing. The account as it now is.
     */
    async activateCouple(id: string, at: Date): Promise<CoupleAccountRow | null> {
      return db.transaction(async (tx) => {
        await tx
          .update(coupleAccount)
          .set({ activatedAt: sql`coalesce(${coupleAccount.activatedAt}, ${at})` })
          .where(eq(coupleAccount.id, id));
        // Each partner's individual order is their kit: activated with it.
        await tx
          .update(individualOrder)
          .set({ activatedAt: sql`coalesce(${individualOrder.activatedAt}, ${at})` })
          .where(eq(individualOrder.coupleAccountId, id));
        await recordAccountStep(tx, id, 'KIT_ACTIVATED');
        await markKitActivated(tx, eq(purchaseOrder.coupleAccountId, id), at);
        const rows = await tx.select().from(coupleAccount).where(eq(coupleAccount.id, id));
        return rows[0] ?? null;
      });
    },
  };
}

export type ActivationRepository = ReturnType<typeof createActivationRepository>;
