/*
 * The server side of bench/api-user.ts, in a process of its own so that the load generator does
 * not share its CPU time: a bare Fastify route and the portal as buildApp makes it, on a new
 * migrated database of the kind named by the first argument ('pglite' or 'postgres') with the
 * demo data, and an access token of the demo user named by the second. Started by the bench, it reports over IPC
 * and closes when told to. Started by hand (to profile it, say:
 * `node --cpu-prof --import tsx bench/servers/api-user.ts pglite mother@demo.test`), it prints the same and
 * closes on Ctrl-C.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type App } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import {
  openPgliteDatabase,
  openPostgresDatabase,
  type DatabaseHandle,
} from '../../apps/server/src/db/database.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../apps/server/src/demo/seed.ts';

/** What the server tells the bench once it listens. */
export type BenchServerMessage =
  | { ready: true; bareOrigin: string; appOrigin: string; token: string }
  | { ready: false; skipped: string };

const PUBLIC_URL = 'http://portal.bench';
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new migrated database, and how to remove it; null when PostgreSQL does not answer. */
async function openBenchDatabase(
  kind: string,
): Promise<{ database: DatabaseHandle; remove: () => Promise<void> } | null> {
  if (kind === 'pglite') {
    const database = await openPgliteDatabase();
    await database.migrate();
    return { database, remove: () => database.close() };
  }
  if (kind !== 'postgres') throw new Error(`Unknown database kind: ${kind}`);
  const name = `nestling_bench_${randomBytes(4).toString('hex')}`;
  try {
    await adminQuery(`create database "${name}"`);
  } catch {
    return null;
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const database = openPostgresDatabase(url.toString());
  const remove = async () => {
    await database.close();
    await adminQuery(`drop database if exists "${name}" with (force)`);
  };
  try {
    await database.migrate();
  } catch (error) {
    await remove();
    throw error;
  }
  return { database, remove };
}

async function signIn(app: App, email: string): Promise<string> {
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: PUBLIC_URL },
    payload: { email, password: DEMO_PASSWORD },
  });
  if (signedIn.statusCode !== 200) throw new Error(`Sign-in answered ${signedIn.statusCode}`);
  const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const token = await app.inject({ method: 'POST', url: '/api/user/token', headers: { cookie } });
  if (token.statusCode !== 200)
    throw new Error(`POST /api/user/token answered ${token.statusCode}`);
  return token.json<{ token: string }>().token;
}

async function listen(server: FastifyInstance): Promise<string> {
  await server.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

function tell(message: BenchServerMessage) {
  if (process.send === undefined) console.log(JSON.stringify(message));
  else process.send(message);
}

const [kind = 'pglite', email = 'mother@demo.test'] = process.argv.slice(2);
const opened = await openBenchDatabase(kind);
if (opened === null) {
  tell({ ready: false, skipped: `no PostgreSQL answers at ${postgresUrl}` });
  process.exit(0);
}
const bare = Fastify();
bare.get('/bare', () => ({ ok: true }));
let app: App | null = null;
const close = async () => {
  await bare.close();
  await app?.close();
  await opened.remove();
  process.exit(0);
};
process.once('disconnect', () => void close());
process.once('SIGINT', () => void close());
process.once('SIGTERM', () => void close());

await seedDemoData(opened.database.db);
app = await buildApp({
  config: loadConfig({
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    WEB_DIST_DIR: '/nonexistent',
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
  }),
  database: opened.database,
});
tell({
  ready: true,
  bareOrigin: await listen(bare),
  appOrigin: await listen(app),
  token: await signIn(app, email),
});
