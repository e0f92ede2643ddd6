import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { rateLimit } from './schema.ts';

/** The only code that reads or writes rate-limit counts with Drizzle. */
export function createRateLimitRepository(db: Database) {
  return {
    /**
     * Adds one to the count of (bucket, key) in the current window, starting a new window when
     * the last one began before `windowStart`. One statement, so replicas never lose a count.
     */
    async increment(bucket: string, key: string, now: Date, windowStart: Date): Promise<number> {
      const stale = sql`"rate_limit"."window_start" <= ${windowStart.toISOString()}`;
      const rows = await db
        .insert(rateLimit)
        .values({ bucket, key, count: 1, windowStart: now })
        .onConflictDoUpdate({
          target: [rateLimit.bucket, rateLimit.key],
          set: {
            count: sql`case when ${stale} then 1 else "rate_limit"."count" + 1 end`,
            windowStart: sql`case when ${stale} then excluded.window_start else "rate_limit"."window_start" end`,
          },
        })
        .returning({ count: rateLimit.count });
      return rows[0]?.count ?? 1;
    },

    /** The count of (bucket, key) in a window that began after `windowStart`, else 0. */
    async current(bucket: string, key: string, windowStart: Date): Promise<number> {
      const rows = await db
        .select({ count: rateLimit.count })
        .from(rateLimit)
        .where(
          and(
            eq(rateLimit.bucket, bucket),
            eq(rateLimit.key, key),
            gt(rateLimit.windowStart, windowStart),
          ),
        )
        .limit(1);
      return rows[0]?.count ?? 0;
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
