import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/server` writes SQL migrations to ./drizzle; the server applies
// the same files to PGlite and PostgreSQL at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/*/schema.ts',
  out: './drizzle',
});
