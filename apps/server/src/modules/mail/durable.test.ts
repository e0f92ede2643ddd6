import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_CARDS } from '@nestling/shared/contract/purchase';
import { undeliveredMailAnswerSchema } from '@nestling/shared/contract/mail';
import type { App } from '../../app.ts';
import { job } from '../jobs/schema.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createTestUser, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';
import {
  startServer,
  waitForOutput,
  withStoppedServerDatabase,
  type ServerProcess,
} from '../../test/process.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { MAIL_JOB_KIND } from './mailer.ts';

/** A port nothing listens on (yet): the system's pick, closed again. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('No port');
  return address.port;
}

const receiptsTo = (smtp: TestSmtpServer, to: string) =>
  smtp.messages.filter(
    (mail) => JSON.stringify(mail.to).includes(to) && mail.subject?.startsWith('Your receipt'),
  );

/*
 * Mail is durable work (ADR 047): written with the change that causes it, delivered by the
 * queue, retried with backoff, shown to staff while it fails, and sent once for one event.
 */
describe.each(testDatabaseKinds)('mail while the mail server is down, on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let smtp: TestSmtpServer | null = null;
  let smtpPort = 0;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-mail-down-'));
  let buyer = '';
  let admin = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtpPort = await freePort();
    app = await createTestApp({
      database,
      env: {
        PUBLIC_URL: TEST_ORIGIN,
        DATA_DIR: dataDir,
        SMTP_URL: `smtp://127.0.0.1:${String(smtpPort)}`,
      },
    });
    await createTestUser(database.db, {
      id: 'md-buyer',
      email: 'md-buyer@mail.test',
      firstName: 'Mira',
      lastName: 'Down',
    });
    await createTestUser(database.db, {
      id: 'md-admin',
      email: 'md-admin@nestling.health',
      firstName: 'Ada',
      lastName: 'Admin',
      isAdminUser: true,
    });
    buyer = await signInToken(app, 'md-buyer@mail.test');
    admin = await signInToken(app, 'md-admin@nestling.health');
  });
  afterAll(async () => {
    await app.close();
    await smtp?.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a purchase’s receipt through the outage and delivers it once when the server is back', async () => {
    const started = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(buyer),
      payload: {
        product: 'individual',
        idempotencyKey: randomUUID(),
        shipping: {
          buyer: {
            name: 'Mira Down',
            line1: '1 Main St',
            city: 'Austin',
            state: 'TX',
            zip: '78701',
          },
        },
      },
    });
    expect(started.statusCode, started.body).toBe(200);
    const paid = await app.inject({
      method: 'POST',
      url: `/api/checkout/${started.json<{ id: string }>().id}/test-payment`,
      headers: bearer(buyer),
      payload: { number: TEST_CARDS.pays, expiry: '12/40', cvc: '123' },
    });
    // The purchase completes whatever the mail server does.
    expect(paid.statusCode, paid.body).toBe(200);

    // While the mail server is down, staff see the receipt waiting for its next attempt.
    const waiting = await vi.waitFor(
      async () => {
        const listed = await app.inject({
          method: 'GET',
          url: '/api/admin/mail',
          headers: bearer(admin),
        });
        const { mails } = undeliveredMailAnswerSchema.parse(listed.json());
        const receipt = mails.find((mail) => mail.to === 'md-buyer@mail.test');
        expect(receipt).toBeDefined();
        return receipt;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(waiting?.state).toBe('retrying');
    expect(waiting?.subject).toMatch(/receipt/);
    expect(waiting?.lastError).toMatch(/could not be sent/);
    // The patient's own list of tasks does not show mail.
    const rows = await database.db.select().from(job).where(eq(job.kind, MAIL_JOB_KIND));
    expect(rows.every((row) => row.userId === null)).toBe(true);

    smtp = await startTestSmtpServer({ port: smtpPort });
    const server = smtp;
    await vi.waitFor(
      () => {
        expect(receiptsTo(server, 'md-buyer@mail.test')).toHaveLength(1);
      },
      { timeout: 30_000, interval: 100 },
    );
    // Nothing more comes: the queue marked it sent.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(receiptsTo(server, 'md-buyer@mail.test')).toHaveLength(1);
    const [sent] = await database.db
      .select()
      .from(job)
      .where(eq(job.id, waiting?.id ?? ''));
    // Delivered: the message (and any link in it) is no longer stored.
    expect(sent).toMatchObject({ state: 'succeeded', payload: { sent: true } });
    const after = await app.inject({
      method: 'GET',
      url: '/api/admin/mail',
      headers: bearer(admin),
    });
    expect(undeliveredMailAnswerSchema.parse(after.json()).mails).toEqual([]);
  }, 60_000);

  it('sends one mail for one event, however often the event is handled', async () => {
    const server = smtp ?? (await startTestSmtpServer({ port: smtpPort }));
    smtp = server;
    const message = {
      to: 'md-once@mail.test',
      subject: 'Once only',
      body: [{ kind: 'paragraph' as const, text: 'One event, one mail.' }],
    };
    await Promise.all(
      Array.from({ length: 5 }, () => app.mailer.send(message, { key: 'test-event-1' })),
    );
    await server.next('md-once@mail.test');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(
      server.messages.filter((mail) => JSON.stringify(mail.to).includes('md-once@mail.test')),
    ).toHaveLength(1);
  });
});

describe('a mail when the server is killed between the commit and the send', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-mail-crash-'));
  const servers: ServerProcess[] = [];
  const smtps: TestSmtpServer[] = [];
  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    for (const smtp of smtps) await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('arrives once after the restart', async () => {
    await withStoppedServerDatabase(dataDir, async ({ db }) => {
      await createTestUser(db, {
        id: 'mc-person',
        email: 'mc-person@mail.test',
        firstName: 'Milo',
        lastName: 'Crash',
      });
    });
    // A mail server that takes the message and never answers: the send is under way when
    // the portal is killed.
    const hanging = await startTestSmtpServer({ hang: true });
    smtps.push(hanging);
    const env = { DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'info' };
    const first = startServer({ ...env, SMTP_URL: hanging.url });
    servers.push(first);
    const port = await first.listening;
    const asked = await fetch(
      `http://127.0.0.1:${String(port)}/api/user/password?email=mc-person%40mail.test`,
    );
    expect(asked.status).toBe(200);
    await vi.waitFor(
      () => {
        expect(hanging.begun).toBe(1);
      },
      { timeout: 15_000, interval: 50 },
    );
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    const smtp = await startTestSmtpServer();
    smtps.push(smtp);
    const second = startServer({ ...env, SMTP_URL: smtp.url });
    servers.push(second);
    await second.listening;
    const mail = await smtp.next('mc-person@mail.test');
    expect(mail.subject).toMatch(/Reset your .* password/);
    await waitForOutput(second, /Job finished/, 'the mail job to be marked done');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(smtp.messages).toHaveLength(1);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const rows = await withStoppedServerDatabase(dataDir, ({ db }) =>
      db.select().from(job).where(eq(job.kind, MAIL_JOB_KIND)),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'succeeded', attempts: 2, payload: { sent: true } });
  }, 90_000);
});
