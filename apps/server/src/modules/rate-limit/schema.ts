import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counts shared by every replica: one row per bucket (what is limited,
 * e.g. 'sign-in-failure:account') and key (an IP address or a hashed email).
 */
export const rateLimit = pgTable(
  'rate_limit',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.key] })],
);
