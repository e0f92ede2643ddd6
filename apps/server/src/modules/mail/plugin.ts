import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createJobWorker, createJobsRepository } from '../jobs/index.ts';
import { createMailer, MAIL_JOB_KIND, mailJobHandler, type Mailer } from './mailer.ts';
import { createMailTransport } from './transport.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues a mail for delivery (ADR 047); resolves once it is stored. */
    mailer: Mailer;
  }
}

/** How often the idle quick slot looks for work queued by another server or a transaction. */
export const MAIL_POLL_MS = 1_000;

/**
 * Mail as durable work (ADR 047): `app.mailer` queues, and this app's own slot runs the quick
 * kinds (mail, and what other modules register as quick, such as receipts) from the moment the
 * app is ready until it closes, so that a long import never holds a password-reset mail back
 * and a test app sends its mails as the server does.
 */
export const mailPlugin = fp(
  (app: FastifyInstance, _options, done) => {
    const { config, database } = app;
    const transport = createMailTransport(config, app.log);
    const jobs = createJobsRepository(database.db);
    app.jobHandlers.register(
      MAIL_JOB_KIND,
      mailJobHandler({
        transport,
        messageIdDomain: new URL(config.publicUrl).hostname,
        markSent: (jobId) => jobs.replacePayload(jobId, { sent: true }),
      }),
      { quick: true },
    );
    const worker = createJobWorker({
      repository: jobs,
      registry: app.jobHandlers,
      log: app.log,
      slots: 1,
      pollMs: MAIL_POLL_MS,
      kinds: () => ({ only: app.jobHandlers.quickKinds() }),
      onEnqueue: app.jobs.onEnqueue,
      // Every failed attempt counts as a mail failure: an SMTP outage shows before the
      // mails fail for good.
      onFailed: (kind, final) => {
        app.metrics.jobFailed(kind, final);
        app.metrics.mailFailed();
      },
    });
    app.decorate('mailer', createMailer(app.jobs));

    app.addHook('onReady', async () => {
      // Only this process opens the embedded database: a mail left running was left by a
      // server that died, and is sent again at once.
      await worker.start({ soleServer: database.kind === 'pglite' });
    });
    app.addHook('onClose', async () => {
      await worker.stop();
      transport.close();
    });
    done();
  },
  { name: 'mail', dependencies: ['metrics'] },
);
