import { desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { coupleAccount, individualOrder } from '../../db/schema.ts';

export type NewCoupleAccountRow = typeof coupleAccount.$inferInsert & { id: string };
export type NewIndividualOrderRow = typeof individualOrder.$inferInsert & { id: string };
export type CoupleAccountRow = typeof coupleAccount.$inferSelect;
export type IndividualOrderRow = typeof individualOrder.$inferSelect;

/** Couple accounts and individual orders (spec section 3). */
export function createOrdersRepository(db: Database) {
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

    /** The user's own orders, newest purchase first. */
    async listIndividualOrders(userId: string): Promise<IndividualOrderRow[]> {
      return db
        .select()
        .from(individualOrder)
        .where(eq(individualOrder.userId, userId))
        .orderBy(
          desc(individualOrder.purchaseDate),
          desc(individualOrder.createdAt),
          desc(individualOrder.id),
        );
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

    /** Stamps `activated_at` once (a repeat keeps the first time); the order as it now is. */
    async activateIndividualOrder(id: string, at: Date): Promise<IndividualOrderRow | null> {
      const rows = await db
        .update(individualOrder)
        .set({ activatedAt: sql`coalesce(${individualOrder.activatedAt}, ${at})` })
        .where(eq(individualOrder.id, id))
        .returning();
      return rows[0] ?? null;
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
