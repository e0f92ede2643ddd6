import { bigint, timestamp } from 'drizzle-orm/pg-core';

/*
 * Columns many modules' tables share (each module keeps its tables in its own schema.ts). A
 * function, not a value: Drizzle binds a column builder to the one table it is used in.
 */

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).defaultNow().notNull();

export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull();

/** Unix seconds, as spec section 3 gives purchase dates. */
export const unixSeconds = (name: string) => bigint(name, { mode: 'number' });
