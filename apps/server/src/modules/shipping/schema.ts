import {
  boolean,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { kit } from '../kits/schema.ts';

/**
 * The return label bought for a kit from the shipping provider (ADR 044): one per kit, whoever
 * prints it, so a second request hands back the same label and buys nothing. Tracking updates
 * from the provider's webhook find the kit by `(provider, provider_shipment_id)`.
 */
export const returnShipment = pgTable(
  'return_shipment',
  {
    kitId: text('kit_id')
      .primaryKey()
      .references(() => kit.id, { onDelete: 'cascade' }),
    /** 'test' or 'easypost'. */
    provider: text('provider').notNull(),
    providerShipmentId: text('provider_shipment_id').notNull(),
    /** One of the contract's CARRIERS. */
    carrier: text('carrier').notNull(),
    service: text('service').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    postageCents: integer('postage_cents').notNull(),
    currency: text('currency').notNull(),
    /** Made by the test provider: marked as test, valid for no postage. */
    test: boolean('test').notNull(),
    /** The carrier's own label image, when the provider gives one (a PNG URL). */
    labelUrl: text('label_url'),
    /** 'label-created', 'in-transit', 'delivered' or 'exception'. */
    status: text('status').notNull(),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    unique('return_shipment_provider_shipment_unique').on(table.provider, table.providerShipmentId),
  ],
);

/** Shipping providers' tracking events handled once: a repeated one changes nothing. */
export const shippingEvent = pgTable(
  'shipping_event',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    kitId: text('kit_id').references(() => kit.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);
