import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { user } from '../auth/schema.ts';
import { kit } from '../kits/schema.ts';
import { coupleAccount } from '../orders/schema.ts';
import { orderEvent, purchaseOrder } from './schema.ts';

export type PurchaseOrderRow = typeof purchaseOrder.$inferSelect;
export type KitRow = typeof kit.$inferSelect;
export type OrderEventRow = typeof orderEvent.$inferSelect;
export type NewOrderEventRow = typeof orderEvent.$inferInsert & { id: string };
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** An order with who bought it, as staff see it. */
export interface OrderWithBuyer {
  order: PurchaseOrderRow;
  buyer: { id: string; email: string; name: string };
}

/** What staff search by: one of these matches. */
export interface OrderSearch {
  seq?: number | undefined;
  kitId?: string | undefined;
  /** Part of the buyer's or the partner's email, any case. */
  email?: string | undefined;
  stage?: string | undefined;
  limit: number;
}

/** `%` and `_` typed by staff are letters, not wildcards. */
function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Paid orders, their kits and their tracker events (the purchase_order tables). */
export function createPurchaseOrdersRepository(db: Database) {
  return {
    /**
     * The orders a person bought, and the couple orders whose account names them as mother or
     * father (the partner, once linked), newest first.
     */
    async listForPerson(userId: string): Promise<PurchaseOrderRow[]> {
      const rows = await db
        .select({ order: purchaseOrder })
        .from(purchaseOrder)
        .leftJoin(coupleAccount, eq(coupleAccount.id, purchaseOrder.coupleAccountId))
        .where(
          or(
            eq(purchaseOrder.userId, userId),
            eq(coupleAccount.mother, userId),
            eq(coupleAccount.father, userId),
          ),
        )
        .orderBy(desc(purchaseOrder.createdAt), desc(purchaseOrder.seq));
      return rows.map((row) => row.order);
    },

    /** The couple account's mother and father of each of these orders (null for none). */
    async coupleRoles(
      orderIds: readonly string[],
    ): Promise<Map<string, { mother: string | null; father: string | null }>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db
        .select({
          orderId: purchaseOrder.id,
          mother: coupleAccount.mother,
          father: coupleAccount.father,
        })
        .from(purchaseOrder)
        .innerJoin(coupleAccount, eq(coupleAccount.id, purchaseOrder.coupleAccountId))
        .where(inArray(purchaseOrder.id, [...orderIds]));
      return new Map(rows.map(({ orderId, ...roles }) => [orderId, roles]));
    },

    async findById(id: string): Promise<PurchaseOrderRow | null> {
      const rows = await db.select().from(purchaseOrder).where(eq(purchaseOrder.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async findBySeq(seq: number): Promise<PurchaseOrderRow | null> {
      const rows = await db.select().from(purchaseOrder).where(eq(purchaseOrder.seq, seq)).limit(1);
      return rows[0] ?? null;
    },

    async findByKitId(kitId: string): Promise<PurchaseOrderRow | null> {
      const rows = await db
        .select({ order: purchaseOrder })
        .from(kit)
        .innerJoin(purchaseOrder, eq(purchaseOrder.id, kit.orderId))
        .where(eq(kit.id, kitId))
        .limit(1);
      return rows[0]?.order ?? null;
    },

    /** Kits of these orders, in the order they were made (the buyer's first). */
    async kitsOf(orderIds: readonly string[]): Promise<KitRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(kit)
        .where(inArray(kit.orderId, [...orderIds]))
        .orderBy(asc(kit.createdAt), asc(kit.role), asc(kit.id));
    },

    /** Events of these orders, oldest first. */
    async eventsOf(orderIds: readonly string[], tx?: Transaction): Promise<OrderEventRow[]> {
      if (orderIds.length === 0) return [];
      return (tx ?? db)
        .select()
        .from(orderEvent)
        .where(inArray(orderEvent.orderId, [...orderIds]))
        .orderBy(asc(orderEvent.at), asc(orderEvent.createdAt), asc(orderEvent.id));
    },

    /** The buyer's email and name of an order. */
    async buyerOf(orderId: string): Promise<{ email: string; firstName: string | null } | null> {
      const rows = await db
        .select({ email: user.email, firstName: user.firstName })
        .from(purchaseOrder)
        .innerJoin(user, eq(user.id, purchaseOrder.userId))
        .where(eq(purchaseOrder.id, orderId))
        .limit(1);
      return rows[0] ?? null;
    },

    /** One order with its buyer, as staff see it. */
    async findWithBuyer(id: string): Promise<OrderWithBuyer | null> {
      const rows = await db
        .select({
          order: purchaseOrder,
          buyer: { id: user.id, email: user.email, name: user.name },
        })
        .from(purchaseOrder)
        .innerJoin(user, eq(user.id, purchaseOrder.userId))
        .where(eq(purchaseOrder.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Staff search: newest first, at most `limit`. */
    async search(search: OrderSearch): Promise<OrderWithBuyer[]> {
      const matches: SQL[] = [];
      if (search.seq !== undefined) matches.push(eq(purchaseOrder.seq, search.seq));
      if (search.kitId !== undefined) {
        matches.push(
          sql`exists (select 1 from ${kit} where ${kit.orderId} = ${purchaseOrder.id} and ${kit.id} = ${search.kitId})`,
        );
      }
      if (search.email !== undefined) {
        const pattern = likeContaining(search.email);
        matches.push(
          ilike(user.email, pattern),
          sql`${purchaseOrder.partner}->>'email' ilike ${pattern}`,
        );
      }
      const conditions: SQL[] = [];
      const anyMatch = matches.length > 0 ? or(...matches) : undefined;
      if (anyMatch !== undefined) conditions.push(anyMatch);
      if (search.stage !== undefined) conditions.push(eq(purchaseOrder.stage, search.stage));
      const rows = await db
        .select({
          order: purchaseOrder,
          buyer: { id: user.id, email: user.email, name: user.name },
        })
        .from(purchaseOrder)
        .innerJoin(user, eq(user.id, purchaseOrder.userId))
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(desc(purchaseOrder.createdAt), desc(purchaseOrder.seq))
        .limit(search.limit);
      return rows;
    },

    /** Runs `work` in one transaction. */
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** The order, locked until the transaction ends: one tracker change at a time. */
    async lock(tx: Transaction, id: string): Promise<PurchaseOrderRow | null> {
      const rows = await tx
        .select()
        .from(purchaseOrder)
        .where(eq(purchaseOrder.id, id))
        .for('update')
        .limit(1);
      return rows[0] ?? null;
    },

    async insertEvent(tx: Transaction, row: NewOrderEventRow): Promise<void> {
      await tx.insert(orderEvent).values(row);
    },

    async setStage(tx: Transaction, id: string, stage: string): Promise<void> {
      await tx.update(purchaseOrder).set({ stage }).where(eq(purchaseOrder.id, id));
    },

    async markRefunded(tx: Transaction, id: string, at: Date): Promise<void> {
      await tx
        .update(purchaseOrder)
        .set({ status: 'refunded', refundedAt: at })
        .where(eq(purchaseOrder.id, id));
    },
  };
}

export type PurchaseOrdersRepository = ReturnType<typeof createPurchaseOrdersRepository>;
