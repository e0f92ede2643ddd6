// Serves the production build for the e2e suite: a fresh data directory every run, the
// embedded database and its demo data, on its own port so a running `npm start` is untouched.
// E2E_DATA_NAME names the data directory, so that several servers (playwright.config.ts) can
// run. With E2E_GOOGLE=1 it first starts a real OpenID Connect provider on the next port up,
// standing in for Google, and offers Google sign-in through it.
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

if (process.env.E2E_GOOGLE === '1') {
  const port = Number(process.env.PORT);
  const { startTestOidcProvider } = await import('../apps/server/src/test/oidc-provider.ts');
  const provider = await startTestOidcProvider(
    `${process.env.PUBLIC_URL}/api/auth/callback/google`,
    { port: port + 1 },
  );
  // One Google account per browser project, so that the two never share a portal account.
  for (const project of ['desktop', 'phone']) {
    provider.identities.set(`google-${project}`, {
      email: `google-${project}@e2e.test`,
      email_verified: true,
      given_name: 'Gale',
      family_name: project === 'desktop' ? 'Desktop' : 'Phone',
    });
  }
  process.env.GOOGLE_ISSUER_URL = provider.issuer;
  process.env.GOOGLE_CLIENT_ID = provider.clientId;
  process.env.GOOGLE_CLIENT_SECRET = provider.clientSecret;
}

await import('../apps/server/src/main.ts');
