import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Provider events handled once: a replayed webhook finds its id here and changes nothing. */
export const paymentEvent = pgTable(
  'payment_event',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);
