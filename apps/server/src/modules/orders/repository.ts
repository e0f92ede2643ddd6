import type { Database } from '../../db/database.ts';
import { coupleAccount, individualOrder } from '../../db/schema.ts';

export type NewCoupleAccountRow = typeof coupleAccount.$inferInsert & { id: string };
export type NewIndividualOrderRow = typeof individualOrder.$inferInsert & { id: string };

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
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
