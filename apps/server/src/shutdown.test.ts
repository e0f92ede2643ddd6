import http from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from './app.ts';
import { createShutdown } from './shutdown.ts';
import { testConfig } from './test/app.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from './test/database.ts';

/** A route that answers only when the test lets it, and says when a request has arrived. */
function gate() {
  let arrived: () => void = () => undefined;
  let release: () => void = () => undefined;
  const arrival = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    arrival,
    release,
    handler: async () => {
      arrived();
      await released;
      return { finished: true };
    },
  };
}

describe.each(testDatabaseKinds)('graceful shutdown on %s', (kind) => {
  let database: TestDatabase;
  let app: App;

  afterEach(async () => {
    await app.close();
    await database.destroy();
  });

  async function startApp(handler: () => Promise<unknown>) {
    database = await createTestDatabase(kind);
    app = await buildApp({ config: testConfig(), database });
    app.get('/api/test/slow', handler);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  it('lets requests in flight finish, then closes the database and exits 0', async () => {
    const slow = gate();
    const url = await startApp(slow.handler);
    const exit = vi.fn();
    const inFlight = fetch(`${url}/api/test/slow`);
    await slow.arrival;

    const shutdown = createShutdown({ app, database, timeoutMs: 10_000, log: app.log, exit });
    const done = shutdown('SIGTERM');
    // Shutting down has begun; the request is still being handled and the database is open.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(exit).not.toHaveBeenCalled();
    expect(database.closed).toBe(false);

    slow.release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });

    await done;
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
    expect(database.closed).toBe(true);
    expect(await database.ping()).toBe(false);
    // New connections are refused once closed.
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
    // A second signal changes nothing.
    await shutdown('SIGINT');
    expect(exit).toHaveBeenCalledTimes(1);
  });

  it('exits 1 when requests outlast SHUTDOWN_TIMEOUT_MS', async () => {
    const stuck = gate();
    const url = await startApp(stuck.handler);
    const exit = vi.fn();
    const error = vi.fn();
    const inFlight = fetch(`${url}/api/test/slow`);
    await stuck.arrival;

    void createShutdown({
      app,
      database,
      timeoutMs: 200,
      log: { info: () => undefined, error },
      exit,
    })('SIGTERM');
    await vi.waitFor(() => {
      expect(exit).toHaveBeenCalledWith(1);
    });
    expect(error).toHaveBeenCalledWith(
      'Shutdown did not finish within 200 ms (SHUTDOWN_TIMEOUT_MS); exiting',
    );

    stuck.release();
    await inFlight;
  });

  it('finishes or answers 503 every request of a burst on kept-alive connections; none is reset', async () => {
    const url = await startApp(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { finished: true };
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    const outcomes: string[] = [];
    const get = () =>
      new Promise<void>((resolve) => {
        const request = http.get(`${url}/api/test/slow`, { agent }, (response) => {
          response.resume();
          response.on('end', () => {
            // A refusal carries the security headers as every answer does.
            const guarded =
              response.headers['x-content-type-options'] === 'nosniff' &&
              response.headers['content-security-policy'] !== undefined;
            outcomes.push(`${String(response.statusCode)}${guarded ? '' : ' without headers'}`);
            resolve();
          });
        });
        request.on('error', (error: NodeJS.ErrnoException) => {
          // A connection the client was just opening can meet the listener closing: only a
          // request on a kept-alive connection must never be cut off.
          outcomes.push(
            request.reusedSocket
              ? `${error.code ?? error.message} (kept alive)`
              : 'new connection refused',
          );
          resolve();
        });
      });

    const exit = vi.fn();
    const shutdown = createShutdown({ app, database, timeoutMs: 10_000, log: app.log, exit });
    let done: Promise<void> = Promise.resolve();
    let sent = 0;
    // Ten clients, each sending its next request as soon as the last is answered.
    const clients = Array.from({ length: 10 }, async () => {
      while (sent < 200) {
        sent += 1;
        // Half-way through, as a deployment would, the server is told to stop.
        if (sent === 100) done = shutdown('SIGTERM');
        await get();
      }
    });
    await Promise.all(clients);
    await done;
    agent.destroy();

    const counts: Record<string, number> = {};
    for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
    expect(outcomes).toHaveLength(200);
    // Finished (200) or refused politely (503), or, once the server no longer listens, a new
    // connection refused: never a request cut off on a connection it had accepted.
    expect(
      Object.keys(counts).filter(
        (outcome) => !['200', '503', 'new connection refused'].includes(outcome),
      ),
      JSON.stringify(counts),
    ).toEqual([]);
    // The 90 answered before the signal (ten clients, one request each in flight) finished;
    // those in flight then finish or are refused politely, as the machine's speed decides.
    expect(counts['200']).toBeGreaterThanOrEqual(90);
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
  });
});
