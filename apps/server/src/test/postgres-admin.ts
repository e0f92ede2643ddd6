import pg from 'pg';

/** One statement on the TEST_DATABASE_URL server (create or drop a database), on its own connection. */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
