import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { testConfig } from './app.ts';

/** `--import` value that loads tsx from any working directory. */
export const tsxImport = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export const repoRoot = path.resolve(import.meta.dirname, '../../../..');
export const serverEntry = path.resolve(import.meta.dirname, '../main.ts');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything written so far to stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
  /** Resolves with the port once the server logs that it is listening. */
  listening: Promise<number>;
}

/**
 * Starts the real server the way `npm start` does (`node --import tsx apps/server/src/main.ts`
 * from the repository root) on a port the system picks. `env` adds to the settings; the
 * database is the embedded one unless `env` says otherwise. `entry` replaces main.ts with a
 * test's own start file (which imports main.ts).
 */
export function startServer(env: Record<string, string>, entry = serverEntry): ServerProcess {
  const child = spawn(process.execPath, ['--import', tsxImport, entry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: '',
      BETTER_AUTH_SECRET: 'test-secret-of-at-least-thirty-two-characters',
      WEB_DIST_DIR: '/nonexistent/web/dist',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let onOutput: () => void = () => undefined;
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      output += chunk;
      onOutput();
    });
  }
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => {
      resolve(code ?? signal ?? 'unknown');
    });
  });
  const listening = new Promise<number>((resolve, reject) => {
    onOutput = () => {
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match?.[1] !== undefined) resolve(Number(match[1]));
    };
    void exited.then((code) => {
      reject(new Error(`The server exited (${code}) before listening:\n${output}`));
    });
  });
  // A server that is expected to fail never listens; that is not an unhandled rejection.
  listening.catch(() => undefined);
  return { child, output: () => output, exited, listening };
}

/** Waits until the server has written something that matches; fails when it exits first. */
export async function waitForOutput(
  server: ServerProcess,
  pattern: RegExp,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (pattern.test(server.output())) return;
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Waited in vain for ${what}:\n${server.output()}`);
}

/**
 * The embedded database of a data directory whose server is stopped (or not started), opened
 * to arrange or look at its rows, and closed again so that a server can take it.
 */
export async function withStoppedServerDatabase<T>(
  dataDir: string,
  use: (handle: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const handle = await openDatabase(
    { databaseUrl: null, dataDir, brand: testConfig().brand },
    { warn: () => undefined },
  );
  try {
    await handle.migrate();
    return await use(handle);
  } finally {
    await handle.close();
  }
}
