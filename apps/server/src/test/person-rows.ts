import { sql } from 'drizzle-orm';
import { queryRows, type TestDatabase } from './database.ts';

/**
 * Rows anywhere in the database that hold the person's id or email, counted table by table:
 * every table, so one added later is found without being named here.
 */
export async function rowsNaming(
  database: TestDatabase,
  person: { id: string; email: string },
): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    database,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: Record<string, number> = {};
  for (const { name } of tables) {
    const table = sql.identifier(name);
    const rows = await queryRows<{ count: number | string }>(
      database,
      sql`select count(*) as count from ${table} as t
          where t::text like ${`%${person.id}%`} or lower(t::text) like ${`%${person.email}%`}`,
    );
    const count = Number(rows[0]?.count ?? 0);
    if (count > 0) found[name] = count;
  }
  return found;
}
