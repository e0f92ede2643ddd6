import { and, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { user } from '../auth/schema.ts';
import { discountCode, product } from '../catalogue/schema.ts';
import { checkout } from './schema.ts';
import { document } from '../documents/schema.ts';
import { kit } from '../kits/schema.ts';
import { coupleAccount, individualOrder } from '../orders/schema.ts';
import { orderEvent, purchaseOrder } from '../purchase-orders/schema.ts';

export type CheckoutRow = typeof checkout.$inferSelect;
export type NewCheckoutRow = typeof checkout.$inferInsert;
export type PurchaseOrderRow = typeof purchaseOrder.$inferSelect;
export type KitRow = typeof kit.$inferSelect;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A checkout that may still be paid. */
const UNPAID = ['open', 'requires_action'];

/** The checkout table, and the rows a paid checkout turns into (fulfill.ts). */
export function createCheckoutRepository(db: Database) {
  return {
    async findBuyer(userId: string) {
      const rows = await db
        .select({ id: user.id, email: user.email, name: user.name, sex: user.sex })
        .from(user)
        .where(eq(user.id, userId))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The checkout and the id of its order (null before it is paid). */
    async find(id: string): Promise<{ row: CheckoutRow; orderId: string | null } | null> {
      const rows = await db
        .select({ row: checkout, orderId: purchaseOrder.id })
        .from(checkout)
        .leftJoin(purchaseOrder, eq(purchaseOrder.checkoutId, checkout.id))
        .where(eq(checkout.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    async findByKey(userId: string, idempotencyKey: string): Promise<CheckoutRow | null> {
      const rows = await db
        .select()
        .from(checkout)
        .where(and(eq(checkout.userId, userId), eq(checkout.idempotencyKey, idempotencyKey)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Inserts unless the person already used the key; concurrent calls make one row. */
    async insert(row: NewCheckoutRow): Promise<void> {
      await db.insert(checkout).values(row).onConflictDoNothing();
    },

    /**
     * Inserts a checkout that holds one use of its limited discount code until
     * `row.discountHeldUntil` (ADR 039). The code's row is locked first, so checkouts begun at
     * once take turns: each counts the uses paid and held, and only one that fits is made.
     * 'exists' when the person already used the key (a double click: that checkout answers).
     */
    async insertHoldingDiscount(
      row: NewCheckoutRow & { discountCode: string },
      at: Date,
    ): Promise<'inserted' | 'exists' | 'used-up' | 'held'> {
      return db.transaction(async (tx) => {
        const [code] = await tx
          .select({ redemptions: discountCode.redemptions, limit: discountCode.maxRedemptions })
          .from(discountCode)
          .where(eq(discountCode.code, row.discountCode))
          .for('update');
        const [earlier] = await tx
          .select({ id: checkout.id })
          .from(checkout)
          .where(
            and(eq(checkout.userId, row.userId), eq(checkout.idempotencyKey, row.idempotencyKey)),
          );
        if (earlier !== undefined) return 'exists';
        if (code?.limit != null) {
          if (code.redemptions >= code.limit) return 'used-up';
          const [held] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(checkout)
            .where(
              and(
                eq(checkout.discountCode, row.discountCode),
                ne(checkout.status, 'paid'),
                gt(checkout.discountHeldUntil, at),
              ),
            );
          if (code.redemptions + (held?.count ?? 0) >= code.limit) return 'held';
        }
        await tx.insert(checkout).values(row);
        return 'inserted';
      });
    },

    /**
     * The person's checkouts that hold a use of the code at `at`: unpaid, or canceled while
     * the provider could not yet be told.
     */
    async ownHolds(userId: string, code: string, at: Date): Promise<CheckoutRow[]> {
      return db
        .select()
        .from(checkout)
        .where(
          and(
            eq(checkout.userId, userId),
            eq(checkout.discountCode, code),
            ne(checkout.status, 'paid'),
            gt(checkout.discountHeldUntil, at),
          ),
        );
    },

    /** Gives back the use of a discount code an unpaid checkout held. */
    async releaseHold(id: string): Promise<void> {
      await db
        .update(checkout)
        .set({ discountHeldUntil: null })
        .where(and(eq(checkout.id, id), ne(checkout.status, 'paid')));
    },

    async setProviderSession(
      id: string,
      providerSessionId: string | null,
      redirectUrl: string | null,
    ) {
      await db.update(checkout).set({ providerSessionId, redirectUrl }).where(eq(checkout.id, id));
    },

    /** Deletes a checkout the provider never began (no payment page), unless it was paid. */
    async deleteUnbegun(id: string): Promise<void> {
      await db
        .delete(checkout)
        .where(
          and(
            eq(checkout.id, id),
            inArray(checkout.status, UNPAID),
            isNull(checkout.redirectUrl),
            isNull(checkout.providerSessionId),
          ),
        );
    },

    /** Expires the checkout if it is unpaid and past its time; true when it did. */
    async expireIfDue(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(checkout)
        .set({ status: 'expired' })
        .where(
          and(
            eq(checkout.id, id),
            inArray(checkout.status, UNPAID),
            sql`${checkout.expiresAt} <= ${at}`,
          ),
        )
        .returning({ id: checkout.id });
      return rows.length > 0;
    },

    /**
     * Changes an unpaid checkout only: a paid, canceled or expired one stays as it is, however
     * the calls race. True when it changed.
     */
    async updateUnpaid(
      id: string,
      changes: Partial<
        Pick<CheckoutRow, 'status' | 'paymentError' | 'cardLast4' | 'discountHeldUntil'>
      >,
    ): Promise<boolean> {
      const rows = await db
        .update(checkout)
        .set(changes)
        .where(and(eq(checkout.id, id), inArray(checkout.status, UNPAID)))
        .returning({ id: checkout.id });
      return rows.length > 0;
    },

    /**
     * Begins a test card's check on an unpaid checkout, unless another began within the last
     * `staleAfterMs` (a double click, a second tab). True for the one that may check its card.
     */
    async claimCardCheck(id: string, at: Date, staleAfterMs: number): Promise<boolean> {
      const stale = new Date(at.getTime() - staleAfterMs);
      const rows = await db
        .update(checkout)
        .set({ cardCheckStartedAt: at })
        .where(
          and(
            eq(checkout.id, id),
            inArray(checkout.status, UNPAID),
            or(isNull(checkout.cardCheckStartedAt), lt(checkout.cardCheckStartedAt, stale)),
          ),
        )
        .returning({ id: checkout.id });
      return rows.length > 0;
    },

    async endCardCheck(id: string): Promise<void> {
      await db.update(checkout).set({ cardCheckStartedAt: null }).where(eq(checkout.id, id));
    },

    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** The checkout, locked until the transaction ends: confirmations of it take turns. */
    async lockCheckout(tx: Transaction, id: string): Promise<CheckoutRow | null> {
      const rows = await tx.select().from(checkout).where(eq(checkout.id, id)).for('update');
      return rows[0] ?? null;
    },

    async orderOfCheckout(tx: Transaction, checkoutId: string): Promise<string | null> {
      const rows = await tx
        .select({ id: purchaseOrder.id })
        .from(purchaseOrder)
        .where(eq(purchaseOrder.checkoutId, checkoutId))
        .limit(1);
      return rows[0]?.id ?? null;
    },

    async markPaid(
      tx: Transaction,
      id: string,
      payment: { cardLast4: string | null; providerPaymentId: string | null },
    ) {
      await tx
        .update(checkout)
        // Paid, its discount's use is counted as redeemed and no longer held.
        .set({ status: 'paid', paymentError: null, discountHeldUntil: null, ...payment })
        .where(eq(checkout.id, id));
    },

    async turnaroundDays(tx: Transaction, code: string): Promise<number | null> {
      const rows = await tx
        .select({ days: product.turnaroundDays })
        .from(product)
        .where(eq(product.code, code))
        .limit(1);
      return rows[0]?.days ?? null;
    },

    async buyerOf(tx: Transaction, userId: string) {
      const rows = await tx
        .select({ email: user.email, sex: user.sex, firstName: user.firstName })
        .from(user)
        .where(eq(user.id, userId));
      return rows[0] ?? null;
    },

    /** The order's id; null, inserting nothing, when the checkout already has its order. */
    async insertOrder(
      tx: Transaction,
      row: Omit<typeof purchaseOrder.$inferInsert, 'seq'>,
    ): Promise<string | null> {
      const rows = await tx
        .insert(purchaseOrder)
        .values(row)
        .onConflictDoNothing({ target: purchaseOrder.checkoutId })
        .returning({ id: purchaseOrder.id });
      return rows[0]?.id ?? null;
    },

    async insertKits(tx: Transaction, rows: (typeof kit.$inferInsert)[]) {
      await tx.insert(kit).values(rows);
    },

    async insertOrderEvent(tx: Transaction, row: typeof orderEvent.$inferInsert) {
      await tx.insert(orderEvent).values(row);
    },

    async insertCoupleAccount(tx: Transaction, row: typeof coupleAccount.$inferInsert) {
      await tx.insert(coupleAccount).values(row);
    },

    async insertIndividualOrder(tx: Transaction, row: typeof individualOrder.$inferInsert) {
      await tx.insert(individualOrder).values(row);
    },

    async linkOrder(
      tx: Transaction,
      orderId: string,
      link: { coupleAccountId?: string; individualOrderId?: string },
    ) {
      await tx.update(purchaseOrder).set(link).where(eq(purchaseOrder.id, orderId));
    },

    /** Counts a paid use of the code; answers the uses and the limit as they now are. */
    async countRedemption(tx: Transaction, code: string) {
      const rows = await tx
        .update(discountCode)
        .set({ redemptions: sql`${discountCode.redemptions} + 1` })
        .where(eq(discountCode.code, code))
        .returning({ redemptions: discountCode.redemptions, limit: discountCode.maxRedemptions });
      return rows[0] ?? null;
    },

    /** What the receipt shows: the order, its kits and the buyer. */
    async receiptData(orderId: string) {
      const rows = await db
        .select({ order: purchaseOrder, buyer: { email: user.email, name: user.name } })
        .from(purchaseOrder)
        .innerJoin(user, eq(user.id, purchaseOrder.userId))
        .where(eq(purchaseOrder.id, orderId))
        .limit(1);
      const found = rows[0];
      if (found === undefined) return null;
      const kits = await db.select().from(kit).where(eq(kit.orderId, orderId)).orderBy(kit.role);
      return { ...found, kits };
    },

    /** Stores the receipt document once (a fixed id) and links it to the order. */
    async storeReceipt(orderId: string, row: typeof document.$inferInsert & { id: string }) {
      await db.transaction(async (tx) => {
        await tx.insert(document).values(row).onConflictDoNothing();
        await tx
          .update(purchaseOrder)
          .set({ receiptDocumentId: row.id })
          .where(eq(purchaseOrder.id, orderId));
      });
    },
  };
}

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;
