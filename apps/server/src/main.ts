import { createFileStore } from './modules/storage/create-store.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { hasDemoAccounts, seedDemoDataIfEmpty } from './demo/seed.ts';
import { chooseListenHost } from './listen-host.ts';
import { createLogger } from './logger.ts';
import { createJobsRepository } from './modules/jobs/repository.ts';
import { createJobWorker } from './modules/jobs/worker.ts';
import { createShutdown } from './shutdown.ts';

async function start() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const log = createLogger(config);

  let database: DatabaseHandle;
  try {
    database = await openDatabase(config, {
      warn: (message) => {
        log.warn(message);
      },
    });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // One plain line for the person at the terminal, not a JSON log record.
    console.error(error.message);
    process.exit(1);
  }

  try {
    log.info(
      database.kind === 'pglite'
        ? `Database: embedded PGlite in ${config.dataDir}`
        : 'Database: PostgreSQL (DATABASE_URL)',
    );
    await database.migrate();
    if (config.demoData) {
      const seeded = await seedDemoDataIfEmpty(database.db, {
        fileStore: createFileStore(config),
      });
      // How many, not which: the log holds no email address (the README lists the accounts).
      if (seeded !== null) {
        log.info({ accounts: seeded.created.length }, 'Created the demo accounts (see the README)');
      }
    }

    const app = await buildApp({ config, database, logger: log });
    const worker = createJobWorker({
      repository: createJobsRepository(database.db),
      registry: app.jobHandlers,
      log,
      onEnqueue: app.jobs.onEnqueue,
      // Mail and other quick kinds have the app's own slot (modules/mail/plugin.ts, ADR 047).
      kinds: () => ({ except: app.jobHandlers.quickKinds() }),
      retentionDays: config.jobs.retentionDays,
      onFailed: app.metrics.jobFailed,
    });
    const shutdown = createShutdown({
      app,
      jobs: worker,
      database,
      timeoutMs: config.shutdownTimeoutMs,
      log,
      exit: (code) => process.exit(code),
    });
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => void shutdown(signal));
    }

    const listen = chooseListenHost(config, await hasDemoAccounts(database.db));
    if (listen.notice !== null) log.warn(listen.notice);
    await app.listen({ port: config.port, host: listen.host });
    const metricsAddress = await app.metrics.listen();
    if (metricsAddress !== null) log.info(`Metrics at ${metricsAddress}/metrics`);
    // Only this process opens the embedded database, so what it finds running was left by a
    // server that died.
    await worker.start({ soleServer: database.kind === 'pglite' });
    log.info(`${config.brand.productName} Portal is running at ${config.publicUrl}`);
  } catch (error) {
    log.fatal({ err: error }, 'The server could not start');
    await database.close();
    process.exit(1);
  }
}

await start();
