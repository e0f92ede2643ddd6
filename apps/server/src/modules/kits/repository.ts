import { and, eq, inArray } from 'drizzle-orm';
import type { ShippingAddress } from '@nestling/shared/contract/purchase';
import type { Database } from '../../db/database.ts';
import { document } from '../documents/schema.ts';
import { kit, returnLabel } from './schema.ts';
import { purchaseOrder } from '../purchase-orders/schema.ts';

export type DocumentRow = typeof document.$inferInsert & { id: string };

/** Kits' addresses and return labels (the kit and return_label tables). */
export function createKitsRepository(db: Database) {
  return {
    /** When each of these kits' address was last changed on /delivery (null for never). */
    async addressChanges(kitIds: readonly string[]): Promise<Map<string, Date | null>> {
      if (kitIds.length === 0) return new Map();
      const rows = await db
        .select({ id: kit.id, at: kit.addressChangedAt })
        .from(kit)
        .where(inArray(kit.id, [...kitIds]));
      return new Map(rows.map((row) => [row.id, row.at]));
    },

    /** The return labels this person printed for these kits: kit id -> document id. */
    async labelsOf(userId: string, kitIds: readonly string[]): Promise<Map<string, string>> {
      if (kitIds.length === 0) return new Map();
      const rows = await db
        .select({ kitId: returnLabel.kitId, documentId: returnLabel.documentId })
        .from(returnLabel)
        .where(and(eq(returnLabel.userId, userId), inArray(returnLabel.kitId, [...kitIds])));
      return new Map(rows.map((row) => [row.kitId, row.documentId]));
    },

    /** The stored label's document, for printing it again. */
    async labelDocument(
      userId: string,
      kitId: string,
    ): Promise<{ id: string; fileName: string; storagePath: string } | null> {
      const rows = await db
        .select({
          id: document.id,
          fileName: document.fileName,
          storagePath: document.storagePath,
        })
        .from(returnLabel)
        .innerJoin(document, eq(document.id, returnLabel.documentId))
        .where(and(eq(returnLabel.userId, userId), eq(returnLabel.kitId, kitId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Changes the address while the kit's order has not shipped: the order is locked, so a
     * shipment recorded at the same moment waits, then sees the new address. Answers the order's
     * stage and status as they were under the lock, and whether the address was written.
     */
    async changeAddress(
      kitId: string,
      address: ShippingAddress,
      at: Date,
      mayChange: (order: { stage: string; status: string }) => boolean,
    ): Promise<{ stage: string; status: string; changed: boolean } | null> {
      return db.transaction(async (tx) => {
        const found = await tx
          .select({ orderId: kit.orderId })
          .from(kit)
          .where(eq(kit.id, kitId))
          .limit(1);
        const orderId = found[0]?.orderId;
        if (orderId === undefined) return null;
        const orders = await tx
          .select({ stage: purchaseOrder.stage, status: purchaseOrder.status })
          .from(purchaseOrder)
          .where(eq(purchaseOrder.id, orderId))
          .for('update')
          .limit(1);
        const order = orders[0];
        if (order === undefined) return null;
        if (!mayChange(order)) return { ...order, changed: false };
        await tx
          .update(kit)
          .set({ shippingAddress: address, addressChangedAt: at })
          .where(eq(kit.id, kitId));
        return { ...order, changed: true };
      });
    },

    /** Keeps a label among the person's documents; a second call for the same pair keeps the first. */
    async storeLabel(kitId: string, userId: string, row: DocumentRow): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(document).values(row).onConflictDoNothing();
        await tx
          .insert(returnLabel)
          .values({ kitId, userId, documentId: row.id })
          .onConflictDoNothing();
      });
    },
  };
}

export type KitsRepository = ReturnType<typeof createKitsRepository>;
