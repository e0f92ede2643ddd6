/*
 * What the benches that drive the real portal share: `npm start` on a free port with a new data
 * directory and the demo data, and a demo patient's access token.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '../../apps/server/src/demo/seed.ts';

const START_TIMEOUT_MS = 5 * 60 * 1000;

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A port nobody listens on now: the server needs it in PORT and PUBLIC_URL before it starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('No free port');
  return address.port;
}

export interface Portal {
  origin: string;
  /** The server's process (scripts/start.mjs runs the server in its own process). */
  readonly pid: number;
  stop: () => Promise<void>;
  /** Stops the server (SIGTERM) and starts it again on the same port and data directory. */
  restart: () => Promise<void>;
}

/**
 * `npm start` on its own port and data directory, with the embedded database's demo data.
 * `serverOnly`: the server alone, for benches of the API that need no web app (npm start would
 * first rebuild the web app when its sources changed).
 */
export async function startPortal(
  name: string,
  { serverOnly = false }: { serverOnly?: boolean } = {},
): Promise<Portal> {
  const port = Number(process.env.BENCH_PORT ?? (await freePort()));
  const origin = `http://127.0.0.1:${String(port)}`;
  const dataDir = await mkdtemp(join(tmpdir(), `${name}-bench-data-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  };
  delete env.DATABASE_URL;
  const command = serverOnly
    ? ['--import', 'tsx', 'apps/server/src/main.ts']
    : ['scripts/start.mjs'];

  let child: ChildProcess | null = null;
  let exited: Promise<unknown> = Promise.resolve();
  const halt = async () => {
    if (child !== null && child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const stop = async () => {
    await halt();
    await rm(dataDir, { recursive: true, force: true });
  };
  const launch = async () => {
    const started = spawn(process.execPath, command, {
      cwd: root,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child = started;
    exited = new Promise((resolve) => started.once('exit', resolve));
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (started.exitCode !== null) {
        await stop();
        throw new Error(
          `The portal stopped before it answered (exit code ${String(started.exitCode)})`,
        );
      }
      const healthy = await fetch(`${origin}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await stop();
    throw new Error(`The portal did not answer ${origin}/api/health in time`);
  };

  await launch();
  return {
    origin,
    get pid() {
      return child?.pid ?? 0;
    },
    stop,
    async restart() {
      await halt();
      await launch();
    },
  };
}

/** Signs a demo patient in as the sign-in page does and answers the access token it would keep. */
export async function accessToken(origin: string, email: string): Promise<string> {
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!signIn.ok) throw new Error(`Sign-in of ${email} answered ${String(signIn.status)}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const token = await fetch(`${origin}/api/user/token`, {
    method: 'POST',
    headers: { origin, cookie },
  });
  if (!token.ok) throw new Error(`POST /api/user/token answered ${String(token.status)}`);
  return ((await token.json()) as { token: string }).token;
}
