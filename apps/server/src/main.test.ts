import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, queryRows, testDatabaseKinds } from './test/database.ts';
import { startServer, type ServerProcess } from './test/process.ts';

/*
 * The real server process, started as `npm start` starts it, on the embedded database: the
 * data-directory lock, and a clean exit on SIGTERM.
 */
describe('the server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-main-'));
  const lockPath = path.join(dataDir, 'server.lock');
  const started: ServerProcess[] = [];
  const start = (env: Record<string, string> = {}) => {
    const server = startServer({ DATA_DIR: dataDir, ...env });
    started.push(server);
    return server;
  };

  afterAll(async () => {
    for (const server of started) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server on the same data directory; the first keeps running', async () => {
    const first = start();
    const port = await first.listening;

    const startedAt = Date.now();
    const second = start();
    const code = await second.exited;
    expect(code).toBe(1);
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect(second.output().trim()).toBe(
      `Another Nestling server (pid ${first.child.pid}) is using the data directory ${dataDir}. ` +
        'Stop it first, or set DATA_DIR to another directory.',
    );

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'up' });

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Shut down cleanly');
    expect(existsSync(lockPath)).toBe(false);
  }, 90_000);

  it('takes over a lock left by a server that died', async () => {
    writeFileSync(lockPath, JSON.stringify({ pid: 2 ** 22 + 17, startedAt: 'before a crash' }));
    const server = start();
    const port = await server.listening;
    expect(server.output()).toContain('Taking over a stale lock file');

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(existsSync(lockPath)).toBe(false);
  }, 60_000);
});

describe('the server process with demo accounts and no HOST', () => {
  it('listens on this machine only and says why', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-host-'));
    const server = startServer({ DATA_DIR: dataDir, HOST: '' });
    try {
      const port = await server.listening;
      expect(server.output()).toContain('listens on 127.0.0.1 only');
      // Fastify names each address it listens on: loopback only.
      const addresses = [...server.output().matchAll(/Server listening at (http:\/\/[^"\s]+)/g)];
      expect(addresses.map((match) => match[1])).toEqual([`http://127.0.0.1:${port}`]);
      const outside = Object.values(networkInterfaces())
        .flat()
        .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal);
      if (outside !== undefined) {
        await expect(fetch(`http://${outside.address}:${port}/api/health`)).rejects.toThrow();
      }
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe.runIf(testDatabaseKinds.includes('postgres'))('server processes on PostgreSQL', () => {
  it('migrate the database, seed nothing, and run side by side on it', async () => {
    const database = await createTestDatabase('postgres', { migrate: false });
    const servers: ServerProcess[] = [];
    try {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-pg-'));
      const url = database.url ?? '';
      servers.push(startServer({ DATABASE_URL: url, DATA_DIR: dataDir }));
      const firstPort = await servers[0]?.listening;
      // A second replica on the same database and data directory: no lock is taken.
      servers.push(startServer({ DATABASE_URL: url, DATA_DIR: dataDir }));
      const secondPort = await servers[1]?.listening;

      for (const port of [firstPort, secondPort]) {
        const health = await fetch(`http://127.0.0.1:${port}/api/health`);
        expect(health.status).toBe(200);
        const config = await fetch(`http://127.0.0.1:${port}/api/config`);
        expect(await config.json()).toMatchObject({ features: { demoData: false } });
      }
      const users = await queryRows<{ count: string | number }>(
        database,
        sql`select count(*) as count from "user"`,
      );
      expect(Number(users[0]?.count)).toBe(0);
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
      rmSync(dataDir, { recursive: true, force: true });

      for (const server of servers) {
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      }
    } finally {
      for (const server of servers) {
        if (server.child.exitCode === null && server.child.signalCode === null) {
          server.child.kill('SIGKILL');
          await server.exited;
        }
      }
      await database.destroy();
    }
  }, 60_000);
});
