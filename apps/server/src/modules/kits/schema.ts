import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { user } from '../auth/schema.ts';
import { document } from '../documents/schema.ts';
import { purchaseOrder } from '../purchase-orders/schema.ts';

/** A kit; its id (with a check character) is printed on the tube. */
export const kit = pgTable(
  'kit',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => purchaseOrder.id, { onDelete: 'cascade' }),
    /** 'mother', 'father' or 'self'. */
    role: text('role').notNull(),
    recipient: text('recipient').notNull(),
    shippingAddress: jsonb('shipping_address').notNull(),
    /** When the person last changed the address on /delivery; null while it is the checkout's. */
    addressChangedAt: timestamp('address_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('kit_order_id_idx').on(table.orderId)],
);

/**
 * A kit's prepaid return label, kept among the documents of the person who printed it: one per
 * kit and person, so printing it again hands back the same document.
 */
export const returnLabel = pgTable(
  'return_label',
  {
    kitId: text('kit_id')
      .notNull()
      .references(() => kit.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    documentId: text('document_id')
      .notNull()
      .references(() => document.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.kitId, table.userId] })],
);
