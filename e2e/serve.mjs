// Serves the production build for the e2e suite: a fresh data directory every run, the
// embedded database and its demo data, on its own port so a running `npm start` is untouched.
// E2E_DATA_NAME names the data directory, so that several servers (playwright.config.ts) can
// run. With E2E_GOOGLE=1 it first starts a real OpenID Connect provider on the next port up,
// standing in for Google, and offers Google sign-in through it.
//
// The server runs as a child process at LOG_LEVEL=info. Its whole log is kept in
// .test-output/<E2E_DATA_NAME>.log, which log-scan.ts reads once the suite is done for personal
// data and tokens; warnings and errors are also shown here.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataName = process.env.E2E_DATA_NAME ?? 'e2e-data';
const dataDir = join(root, '.test-output', dataName);
rmSync(dataDir, { recursive: true, force: true });

const port = process.env.E2E_PORT ?? '8190';
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'info',
  // Each test is a client of its own (fixtures.ts gives it an X-Forwarded-For address), as
  // people behind a proxy are: the limits per network address then count each test apart.
  TRUST_PROXY: 'loopback',
  DATABASE_URL: '',
  // purchase.spec.ts buys a couple's test and then the 30x one as one person: a lab that
  // allows two at a time (the default is one).
  COUPLE_PLACES_PER_PERSON: '2',
  // Video counseling visits get rooms here (appointments.spec.ts); nothing is ever opened.
  MEETING_BASE_URL: 'https://meet.e2e.test',
};

if (process.env.E2E_GOOGLE === '1') {
  register();
  const { startTestOidcProvider } = await import('../apps/server/src/test/oidc-provider.ts');
  const provider = await startTestOidcProvider(`${env.PUBLIC_URL}/api/auth/callback/google`, {
    port: Number(port) + 1,
  });
  // One Google account per browser project, so that the two never share a portal account.
  for (const project of ['desktop', 'phone']) {
    provider.identities.set(`google-${project}`, {
      email: `google-${project}@e2e.test`,
      email_verified: true,
      given_name: 'Gale',
      family_name: project === 'desktop' ? 'Desktop' : 'Phone',
    });
  }
  env.GOOGLE_ISSUER_URL = provider.issuer;
  env.GOOGLE_CLIENT_ID = provider.clientId;
  env.GOOGLE_CLIENT_SECRET = provider.clientSecret;
}

// `npm run test:e2e` on a fresh clone runs before anything else has made the folder.
mkdirSync(join(root, '.test-output'), { recursive: true });
const log = createWriteStream(join(root, '.test-output', `${dataName}.log`));
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const server = spawn(process.execPath, ['--import', tsx, 'apps/server/src/main.ts'], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});

/** Keeps every line in the log file and shows warnings, errors and anything not JSON. */
function tee(stream, shown) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    log.write(chunk);
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      let level = 100;
      try {
        level = JSON.parse(line).level ?? 100;
      } catch {
        // Not a JSON log line: shown as it is.
      }
      if (level >= 40) shown.write(`${line}\n`);
    }
  });
}
tee(server.stdout, process.stdout);
tee(server.stderr, process.stderr);

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  log.end(() => process.exit(code ?? (signal === null ? 1 : 0)));
});
