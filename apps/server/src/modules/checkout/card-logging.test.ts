import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_CARDS, checkoutSchema } from '@nestling/shared/contract/purchase';
import type { App } from '../../app.ts';
import { createLogger } from '../../logger.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createTestUser, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import { createTestDatabase, queryRows, type TestDatabase } from '../../test/database.ts';

/*
 * Card numbers are forgotten: whatever a payment does, with any test card, neither the logs (at
 * their most detailed) nor the database nor the receipt mail holds the number, only its last
 * four digits; nor do the logs hold the buyer's or the partner's names, emails or addresses.
 */
describe('card numbers', () => {
  const lines: string[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-card-log-'));
  let database: TestDatabase;
  let app: App;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const logger = createLogger(
      { logLevel: 'trace' },
      {
        write(chunk: string) {
          lines.push(chunk);
        },
      },
    );
    app = await createTestApp({
      database,
      logger,
      // The buyer pays several couple tests here: a lab that allows that.
      env: {
        PUBLIC_URL: TEST_ORIGIN,
        DATA_DIR: dataDir,
        PAYMENT_PROVIDER: 'test',
        COUPLE_PLACES_PER_PERSON: '20',
      },
    });
    await createTestUser(database.db, {
      id: 'card-buyer',
      email: 'quinn.cardholder@example.test',
      firstName: 'Quinn',
      lastName: 'Cardholder',
    });
    await database.db.execute(sql`update "user" set sex = 'Male' where id = 'card-buyer'`);
    token = await signInToken(app, 'quinn.cardholder@example.test');
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const startCheckout = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(token),
      payload: {
        product: 'couple',
        idempotencyKey: randomUUID(),
        partner: { firstName: 'Rowan', lastName: 'Partnerly', email: 'rowan.p@example.test' },
        shipping: {
          buyer: {
            name: 'Quinn Cardholder',
            line1: '77 Sycamore Lane',
            city: 'Portland',
            state: 'OR',
            zip: '97201',
          },
        },
      },
    });
    expect(response.statusCode).toBe(200);
    return checkoutSchema.parse(response.json()).id;
  };
  const pay = (id: string, number: string) =>
    app.inject({
      method: 'POST',
      url: `/api/checkout/${id}/test-payment`,
      headers: bearer(token),
      payload: { number, expiry: '12/39', cvc: '737' },
    });

  it('are neither logged nor stored, whatever the card does', async () => {
    const declinedOn = await startCheckout();
    expect((await pay(declinedOn, '4000 0000 0000 0002')).statusCode).toBe(402);
    expect((await pay(declinedOn, TEST_CARDS.insufficientFunds)).statusCode).toBe(402);
    // Fails the Luhn check: refused by the schema, at the number field.
    const invalid = await pay(declinedOn, '4242 4242 4242 4241');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ message: string }>().message).toContain('body.number');

    const confirmedOn = await startCheckout();
    expect((await pay(confirmedOn, TEST_CARDS.needsConfirmation)).statusCode).toBe(200);
    const confirmed = await app.inject({
      method: 'POST',
      url: `/api/checkout/${confirmedOn}/test-payment/confirm`,
      headers: bearer(token),
      payload: { approve: true },
    });
    expect(checkoutSchema.parse(confirmed.json()).status).toBe('paid');

    const paidOn = await startCheckout();
    const paid = await pay(paidOn, '4242-4242-4242-4242');
    expect(checkoutSchema.parse(paid.json()).status).toBe('paid');

    const outbox = () =>
      readdirSync(path.join(dataDir, 'outbox')).map((file) =>
        readFileSync(path.join(dataDir, 'outbox', file), 'utf8'),
      );
    // Two receipts, and the couple's partner invitation for each, sent by the mail job; their
    // logs are in too once the app is closed.
    await vi.waitFor(() => {
      expect(outbox()).toHaveLength(4);
    }, 20_000);
    await app.close();

    const numbers = [
      ...Object.values(TEST_CARDS),
      '4242424242424241',
      '4242 4242 4242',
      '4000 0000 0000',
      '4000 0025 0000',
      '4242-4242',
    ];
    // The security code is left out: three digits turn up in any timestamp.
    const log = lines.join('');
    expect(log).toContain(paidOn);
    for (const secret of [
      ...numbers,
      'Quinn',
      'Cardholder',
      'quinn.cardholder',
      'Rowan',
      'Partnerly',
      'rowan.p',
      'Sycamore',
      'Portland',
    ]) {
      expect(log).not.toContain(secret);
    }

    const stored = await queryRows<{ row: string }>(
      database,
      sql`select row_to_json(c)::text as row from checkout c`,
    );
    const orders = await queryRows<{ row: string }>(
      database,
      sql`select row_to_json(o)::text as row from purchase_order o`,
    );
    const rows = [...stored, ...orders].map((entry) => entry.row).join('\n');
    expect(rows).toContain('"card_last4":"4242"');
    expect(rows).toContain('"card_last4":"3155"');
    const mails = outbox();
    for (const secret of numbers) {
      expect(rows).not.toContain(secret);
      for (const mail of mails) expect(mail).not.toContain(secret);
    }
  });
});
