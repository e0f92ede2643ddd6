// Serves the production build for the e2e suite: a fresh data directory every run, the
// embedded database and its demo data, on its own port so a running `npm start` is untouched.
// E2E_DATA_NAME names the data directory, so that two servers (playwright.config.ts) can run.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = join(root, '.test-output', process.env.E2E_DATA_NAME ?? 'e2e-data');
rmSync(dataDir, { recursive: true, force: true });

process.env.DATA_DIR = dataDir;
process.env.PORT = process.env.E2E_PORT ?? '8190';
process.env.HOST = '127.0.0.1';
process.env.PUBLIC_URL = `http://127.0.0.1:${process.env.PORT}`;
process.env.LOG_LEVEL = 'warn';
delete process.env.DATABASE_URL;

register();
await import('../apps/server/src/main.ts');
