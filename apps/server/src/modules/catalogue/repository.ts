import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { discountCode, product } from './schema.ts';
import { checkout } from '../checkout/schema.ts';

export type ProductRow = typeof product.$inferSelect;
export type DiscountCodeRow = typeof discountCode.$inferSelect;

/** The product and discount_code tables. */
export function createCatalogueRepository(db: Database) {
  return {
    async listProducts(): Promise<ProductRow[]> {
      return db.select().from(product);
    },

    async findProduct(code: string): Promise<ProductRow | null> {
      const rows = await db.select().from(product).where(eq(product.code, code)).limit(1);
      return rows[0] ?? null;
    },

    /** The product as it now is; null when there is no such product. */
    async updateProduct(
      code: string,
      changes: Pick<ProductRow, 'priceCents' | 'description' | 'includes' | 'turnaroundDays'>,
      updatedBy: string | null,
    ): Promise<ProductRow | null> {
      const rows = await db
        .update(product)
        .set({ ...changes, updatedBy })
        .where(eq(product.code, code))
        .returning();
      return rows[0] ?? null;
    },

    async listDiscountCodes(): Promise<DiscountCodeRow[]> {
      return db
        .select()
        .from(discountCode)
        .orderBy(sql`${discountCode.createdAt} desc`);
    },

    async findDiscountCode(code: string): Promise<DiscountCodeRow | null> {
      const rows = await db.select().from(discountCode).where(eq(discountCode.code, code)).limit(1);
      return rows[0] ?? null;
    },

    /**
     * Uses of the code held by unpaid checkouts at `at` (ADR 039), but those of `exceptUserId`,
     * whose own hold moves to their new checkout.
     */
    async heldUses(code: string, at: Date, exceptUserId: string | null): Promise<number> {
      const rows = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(checkout)
        .where(
          and(
            eq(checkout.discountCode, code),
            ne(checkout.status, 'paid'),
            gt(checkout.discountHeldUntil, at),
            exceptUserId === null ? undefined : ne(checkout.userId, exceptUserId),
          ),
        );
      return rows[0]?.count ?? 0;
    },

    /** The new code; null, changing nothing, when the code is taken. */
    async insertDiscountCode(
      row: typeof discountCode.$inferInsert,
    ): Promise<DiscountCodeRow | null> {
      const rows = await db.insert(discountCode).values(row).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },

    async setDiscountCodeActive(code: string, active: boolean): Promise<DiscountCodeRow | null> {
      const rows = await db
        .update(discountCode)
        .set({ active })
        .where(eq(discountCode.code, code))
        .returning();
      return rows[0] ?? null;
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
