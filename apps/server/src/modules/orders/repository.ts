import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.ts';
import { ORDER_STAGES } from '@nestling/shared/contract/order-tracker';
import { user } from '../auth/schema.ts';
import { coupleAccount, individualOrder } from './schema.ts';
import { orderEvent, purchaseOrder } from '../purchase-orders/schema.ts';

export type NewCoupleAccountRow = typeof coupleAccount.$inferInsert & { id: string };
export type NewIndividualOrderRow = typeof individualOrder.$inferInsert & { id: string };
export type CoupleAccountRow = typeof coupleAccount.$inferSelect;
export type IndividualOrderRow = typeof individualOrder.$inferSelect;
/** The other partner on an account, as a patient may see them; null until they join. */
export interface PartnerRow {
  firstName: string | null;
  lastName: string | null;
  email: string;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const partner = alias(user, 'partner');

/**
 * The individual order a couple's test gives one partner: its purchase id is that partner's kit,
 * the report the lab delivers to it their own (ADR 040). Made for the buyer
 * when the test is paid and for the partner when they take their place, the demo couple's too.
 */
export async function insertCoupleIndividualOrder(
  tx: Transaction | Database,
  account: {
    id: string;
    purchaseDate: number;
    testType: string;
    activatedAt?: Date | null;
  },
  partner: { userId: string; kitId: string; orderId?: string },
): Promise<void> {
  await tx
    .insert(individualOrder)
    .values({
      id: partner.orderId ?? randomUUID(),
      userId: partner.userId,
      purchaseId: partner.kitId,
      purchaseDate: account.purchaseDate,
      testType: account.testType,
      coupleAccountId: account.id,
      activatedAt: account.activatedAt ?? null,
    })
    .onConflictDoNothing();
}

/** The tracker's stages a kit is in before its owner activates it. */
const STAGES_BEFORE_ACTIVATION = ORDER_STAGES.slice(0, ORDER_STAGES.indexOf('kit-activated'));

/**
 * Moves the tracker of the paid orders `which` picks to 'kit activated' when they are not there
 * or further yet, with the event that says so. Inside the caller's transaction.
 */
export async function markKitActivated(tx: Transaction, which: SQL, at: Date): Promise<void> {
  const orders = await tx
    .select({ id: purchaseOrder.id })
    .from(purchaseOrder)
    .where(
      and(
        which,
        eq(purchaseOrder.status, 'paid'),
        inArray(purchaseOrder.stage, STAGES_BEFORE_ACTIVATION),
      ),
    )
    .for('update');
  for (const order of orders) {
    await tx.insert(orderEvent).values({
      id: randomUUID(),
      orderId: order.id,
      stage: 'kit-activated',
      at,
      source: 'system',
    });
    await tx
      .update(purchaseOrder)
      .set({ stage: 'kit-activated' })
      .where(eq(purchaseOrder.id, order.id));
  }
}

/** Couple accounts and individual orders (spec section 3). */
export function createOrdersRepository(db: Database) {
  // GET /user reads these on every call: prepared once, so Drizzle builds their SQL only once.
  const userId = sql.placeholder('userId');
  const coupleAccountsWithPartner = db
    .select({
      account: coupleAccount,
      partner: { firstName: partner.firstName, lastName: partner.lastName, email: partner.email },
    })
    .from(coupleAccount)
    .leftJoin(
      partner,
      eq(
        partner.id,
        sql`case when ${coupleAccount.mother} = ${userId} then ${coupleAccount.father} else ${coupleAccount.mother} end`,
      ),
    )
    .where(or(eq(coupleAccount.mother, userId), eq(coupleAccount.father, userId)))
    .orderBy(
      desc(coupleAccount.purchaseDate),
      desc(coupleAccount.createdAt),
      desc(coupleAccount.id),
    )
    .prepare('couple_accounts_with_partner');
  const individualOrders = db
    .select()
    .from(individualOrder)
    .where(eq(individualOrder.userId, userId))
    .orderBy(
      desc(individualOrder.purchaseDate),
      desc(individualOrder.createdAt),
      desc(individualOrder.id),
    )
    .prepare('individual_orders_of_user');

  return {
    /** False, changing nothing, when the id is taken. */
    async insertCoupleAccount(row: NewCoupleAccountRow): Promise<boolean> {
      const rows = await db
        .insert(coupleAccount)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: coupleAccount.id });
      return rows.length > 0;
    },

    /** False, changing nothing, when the id is taken. */
    async insertIndividualOrder(row: NewIndividualOrderRow): Promise<boolean> {
      const rows = await db
        .insert(individualOrder)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: individualOrder.id });
      return rows.length > 0;
    },

    /** The accounts the user is mother or father of, newest purchase first. */
    async listCoupleAccounts(userId: string): Promise<CoupleAccountRow[]> {
      return db
        .select()
        .from(coupleAccount)
        .where(or(eq(coupleAccount.mother, userId), eq(coupleAccount.father, userId)))
        .orderBy(
          desc(coupleAccount.purchaseDate),
          desc(coupleAccount.createdAt),
          desc(coupleAccount.id),
        );
    },

    /** As listCoupleAccounts, each with the other partner, in the same query. */
    async listCoupleAccountsWithPartner(
      id: string,
    ): Promise<{ account: CoupleAccountRow; partner: PartnerRow | null }[]> {
      return coupleAccountsWithPartner.execute({ userId: id });
    },

    /** The user's own orders, newest purchase first. */
    async listIndividualOrders(id: string): Promise<IndividualOrderRow[]> {
      return individualOrders.execute({ userId: id });
    },

    async findIndividualOrder(id: string): Promise<IndividualOrderRow | null> {
      const rows = await db
        .select()
        .from(individualOrder)
        .where(eq(individualOrder.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    async findCoupleAccount(id: string): Promise<CoupleAccountRow | null> {
      const rows = await db.select().from(coupleAccount).where(eq(coupleAccount.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /**
     * Stamps `activated_at` once (a repeat keeps the first time), and moves the tracker of the
     * paid order that bought it to 'kit activated' when it is not there or further yet. The
     * order as it now is.
     */
    async activateIndividualOrder(id: string, at: Date): Promise<IndividualOrderRow | null> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(individualOrder)
          .set({ activatedAt: sql`coalesce(${individualOrder.activatedAt}, ${at})` })
          .where(eq(individualOrder.id, id))
          .returning();
        await markKitActivated(tx, eq(purchaseOrder.individualOrderId, id), at);
        return rows[0] ?? null;
      });
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
