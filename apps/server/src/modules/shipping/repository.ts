import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { kit } from '../kits/schema.ts';
import { returnShipment, shippingEvent } from './schema.ts';

export type ReturnShipmentRow = typeof returnShipment.$inferSelect;
export type NewReturnShipmentRow = typeof returnShipment.$inferInsert;

/** How far a return has gone: an update never takes it back (a late 'in transit' after delivery). */
const STATUS_ORDER = ['label-created', 'in-transit', 'exception', 'delivered'];

/** Return labels bought from the shipping provider, and the tracking events handled. */
export function createShippingRepository(db: Database) {
  return {
    async findByKit(kitId: string): Promise<ReturnShipmentRow | null> {
      const rows = await db
        .select()
        .from(returnShipment)
        .where(eq(returnShipment.kitId, kitId))
        .limit(1);
      return rows[0] ?? null;
    },

    async ofKits(kitIds: readonly string[]): Promise<Map<string, ReturnShipmentRow>> {
      if (kitIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(returnShipment)
        .where(inArray(returnShipment.kitId, [...kitIds]));
      return new Map(rows.map((row) => [row.kitId, row]));
    },

    /** The provider's shipment by one of its keys: the provider's shipment id or tracking number. */
    async findByProviderKey(
      provider: string,
      key: { providerShipmentId: string } | { trackingNumber: string },
    ): Promise<ReturnShipmentRow | null> {
      const matches =
        'providerShipmentId' in key
          ? eq(returnShipment.providerShipmentId, key.providerShipmentId)
          : eq(returnShipment.trackingNumber, key.trackingNumber);
      const rows = await db
        .select()
        .from(returnShipment)
        .where(and(eq(returnShipment.provider, provider), matches))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Buys a kit's label once: the kit's row is locked while `buy` runs, so two requests at once
     * make one purchase, and the second reads the first's label.
     */
    async buyOnce(
      kitId: string,
      buy: () => Promise<Omit<NewReturnShipmentRow, 'kitId'>>,
    ): Promise<ReturnShipmentRow> {
      return db.transaction(async (tx) => {
        // The kit's row is the lock; nothing else is held while the provider works.
        await tx.select({ id: kit.id }).from(kit).where(eq(kit.id, kitId)).for('update');
        const existing = await tx
          .select()
          .from(returnShipment)
          .where(eq(returnShipment.kitId, kitId))
          .limit(1);
        if (existing[0] !== undefined) return existing[0];
        const row = { kitId, ...(await buy()) };
        const kept = await tx.insert(returnShipment).values(row).returning();
        if (kept[0] === undefined) throw new Error('The return label was not kept');
        return kept[0];
      });
    },

    /** Whether this provider's event was handled before. */
    async hasEvent(provider: string, eventId: string): Promise<boolean> {
      const rows = await db
        .select({ eventId: shippingEvent.eventId })
        .from(shippingEvent)
        .where(and(eq(shippingEvent.provider, provider), eq(shippingEvent.eventId, eventId)))
        .limit(1);
      return rows.length > 0;
    },

    async recordEvent(
      provider: string,
      eventId: string,
      kitId: string | null,
      status: string,
    ): Promise<void> {
      await db
        .insert(shippingEvent)
        .values({ provider, eventId, kitId, status })
        .onConflictDoNothing();
    },

    /** The return's new status, unless it is already further along. */
    async advanceStatus(kitId: string, status: string, at: Date): Promise<boolean> {
      const current = await db
        .select({ status: returnShipment.status })
        .from(returnShipment)
        .where(eq(returnShipment.kitId, kitId))
        .limit(1);
      const before = current[0]?.status;
      if (before === undefined) return false;
      if (STATUS_ORDER.indexOf(status) < STATUS_ORDER.indexOf(before)) return false;
      await db
        .update(returnShipment)
        .set({ status, statusAt: at })
        .where(eq(returnShipment.kitId, kitId));
      return true;
    },
  };
}

export type ShippingRepository = ReturnType<typeof createShippingRepository>;
