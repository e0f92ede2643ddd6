import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUYER_NEEDS_SEX,
  CARD_DECLINED,
  CARD_INSUFFICIENT_FUNDS,
  CARD_NUMBER_MESSAGE,
  CARD_CVC_MESSAGE,
  CARD_EXPIRED_MESSAGE,
  CHECKOUT_CLOSED,
  CHECKOUT_NOT_FOUND,
  CONFIRMATION_DECLINED,
  COUPLE_NEEDS_PARTNER,
  DISCOUNT_CODE_EXPIRED,
  DISCOUNT_CODE_HELD,
  DISCOUNT_CODE_UNKNOWN,
  DISCOUNT_CODE_USED_UP,
  INDIVIDUAL_HAS_NO_PARTNER,
  invalidFieldMessage,
  NOTHING_TO_CONFIRM,
  PAYMENT_IN_PROGRESS,
  PARTNER_IS_BUYER,
  TEST_CARDS,
  WRONG_PROVIDER,
  checkoutSchema,
  orderSummarySchema,
  productsAnswerSchema,
  type ShippingAddress,
  zipStateProblem,
} from '@nestling/shared/contract/purchase';
import { NOT_WHILE_IMPERSONATING } from '@nestling/shared/contract/auth';
import { tooManyCouplePlaces } from '@nestling/shared/contract/partner';
import { purchaseOrderSchema } from '@nestling/shared/contract/order-tracker';
import type { App } from '../../app.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createLogger } from '../../logger.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createTestUser, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { TOO_MANY_REQUESTS } from '../rate-limit/service.ts';

const address: ShippingAddress = {
  name: 'Ada Buyer',
  line1: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
};
const partner = { firstName: 'Ben', lastName: 'Partner', email: 'ben.partner@example.org' };
const card = (number: string) => ({ number, expiry: '12/40', cvc: '123' });

describe.each(testDatabaseKinds)('checkout on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let smtp: TestSmtpServer;
  const logLines: string[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-checkout-'));
  /** Signed-in buyers by name: a woman, a man, one with no sex given, a stranger. */
  const tokens: Record<string, string> = {};

  async function newBuyer(name: string, sex: string | null) {
    const id = `buyer-${name}-${randomUUID()}`;
    await createTestUser(database.db, {
      id,
      email: `${name}-${id}@example.org`,
      firstName: name,
      lastName: 'Buyer',
    });
    if (sex !== null)
      await database.db.execute(sql`update "user" set sex = ${sex} where id = ${id}`);
    tokens[name] = await signInToken(app, `${name}-${id}@example.org`);
    return { id, email: `${name}-${id}@example.org` };
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    smtp = await startTestSmtpServer();
    app = await createTestApp({
      database,
      env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir, SMTP_URL: smtp.url },
      logger: createLogger(
        { logLevel: 'trace' },
        {
          write(chunk: string) {
            logLines.push(chunk);
          },
        },
      ),
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const message = (response: { body: string }) =>
    (JSON.parse(response.body) as { message: string }).message;
  const call = (
    who: string | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    app.inject({
      method,
      url,
      headers: who === null ? {} : bearer(tokens[who] ?? ''),
      ...(payload === undefined ? {} : { payload }),
    });
  const start = (who: string, body: Record<string, unknown>) =>
    call(who, 'POST', '/api/checkout', {
      idempotencyKey: randomUUID(),
      shipping: { buyer: address },
      ...body,
    });
  /** A new open checkout of `who`'s for an individual test. */
  async function openCheckout(who: string, product = 'individual') {
    const response = await start(who, { product });
    expect(response.statusCode).toBe(200);
    return checkoutSchema.parse(response.json());
  }
  const pay = (who: string, id: string, number: string) =>
    call(who, 'POST', `/api/checkout/${id}/test-payment`, card(number));
  const count = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ count: number | string }>(database, query))[0]?.count);

  it('quotes from the catalogue: percent discounts round half up, amounts stop at zero', async () => {
    await newBuyer('quoter', 'Female');
    const admin = await signInToken(app, 'admin@nestling.health');
    await app.inject({
      method: 'PUT',
      url: '/api/admin/products/individual-30x',
      headers: bearer(admin),
      payload: {
        priceCents: 12_345,
        description: 'Whole-genome screening for you alone.',
        includes: ['One saliva kit'],
        turnaroundDays: 28,
      },
    });
    const codes = [
      { code: 'TENPERCENT', percentOff: 10 },
      { code: 'HUGE', amountOffCents: 5_000_000 },
      { code: 'OLD', percentOff: 5, expiresAt: '2020-01-01T00:00:00Z' },
      { code: 'PAUSED', percentOff: 5 },
    ];
    for (const code of codes) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/admin/discount-codes',
        headers: bearer(admin),
        payload: code,
      });
      expect(created.statusCode).toBe(201);
    }
    await app.inject({
      method: 'PATCH',
      url: '/api/admin/discount-codes/PAUSED',
      headers: bearer(admin),
      payload: { active: false },
    });

    const quote = (body: Record<string, unknown>) =>
      call('quoter', 'POST', '/api/checkout/quote', body);
    const plain = await quote({ product: 'individual-30x', discountCode: '  ' });
    expect(plain.statusCode).toBe(200);
    expect(orderSummarySchema.parse(plain.json())).toEqual({
      product: 'individual-30x',
      productName: 'Preconception Genetic Screening - 30x - Individual',
      currency: 'usd',
      priceCents: 12_345,
      discountCode: null,
      discountCents: 0,
      totalCents: 12_345,
    });
    // 10% of $123.45 is 1234.5 cents: half a cent rounds up.
    const tenPercent = await quote({ product: 'individual-30x', discountCode: 'tenpercent' });
    expect(tenPercent.json()).toMatchObject({
      discountCode: 'TENPERCENT',
      discountCents: 1_235,
      totalCents: 11_110,
    });
    const huge = await quote({ product: 'couple', discountCode: 'HUGE' });
    expect(huge.json()).toMatchObject({
      priceCents: 149_800,
      discountCents: 149_800,
      totalCents: 0,
    });

    for (const [code, expected] of [
      ['NOSUCHCODE', DISCOUNT_CODE_UNKNOWN],
      ['x', DISCOUNT_CODE_UNKNOWN],
      ['PAUSED', DISCOUNT_CODE_UNKNOWN],
      ['OLD', DISCOUNT_CODE_EXPIRED],
    ] as const) {
      const refused = await quote({ product: 'couple', discountCode: code });
      expect(refused.statusCode, code).toBe(400);
      expect(message(refused)).toBe(invalidFieldMessage('discountCode', expected));
    }
    const unknownProduct = await quote({ product: 'embryo' });
    expect(unknownProduct.statusCode).toBe(400);
    expect(
      (await call(null, 'POST', '/api/checkout/quote', { product: 'couple' })).statusCode,
    ).toBe(401);
  });

  it('charges what the server computes: amounts in the body are ignored, unknown products refused', async () => {
    await newBuyer('tamperer', 'Female');
    const response = await start('tamperer', {
      product: 'couple-30x',
      partner,
      totalCents: 1,
      priceCents: 1,
      summary: { totalCents: 1 },
    });
    expect(response.statusCode).toBe(200);
    const checkout = checkoutSchema.parse(response.json());
    expect(checkout.summary).toMatchObject({ priceCents: 249_800, totalCents: 249_800 });
    expect(checkout).toMatchObject({ status: 'open', provider: 'test', redirectUrl: null });
    const stored = await queryRows<{ total_cents: number }>(
      database,
      sql`select total_cents from checkout where id = ${checkout.id}`,
    );
    expect(stored).toEqual([{ total_cents: 249_800 }]);

    const unknown = await start('tamperer', { product: 'embryo' });
    expect(unknown.statusCode).toBe(400);
  });

  it("checks a couple's partner, an individual's lack of one and the buyer's sex", async () => {
    const buyer = await newBuyer('couple', 'M');
    await newBuyer('nosex', null);
    const cases = [
      [{ product: 'couple' }, invalidFieldMessage('partner', COUPLE_NEEDS_PARTNER)],
      [
        { product: 'individual', partner },
        invalidFieldMessage('partner', INDIVIDUAL_HAS_NO_PARTNER),
      ],
      [
        { product: 'individual', shipping: { buyer: address, partner: address } },
        invalidFieldMessage('shipping.partner', INDIVIDUAL_HAS_NO_PARTNER),
      ],
      [
        { product: 'couple', partner: { ...partner, email: buyer.email.toUpperCase() } },
        invalidFieldMessage('partner.email', PARTNER_IS_BUYER),
      ],
      // A ZIP code of another state is refused at its field.
      [
        { product: 'couple', partner, shipping: { buyer: { ...address, zip: '10001' } } },
        invalidFieldMessage('shipping.buyer.zip', zipStateProblem('10001', 'NY', 'IL')),
      ],
      [
        {
          product: 'couple',
          partner,
          shipping: { buyer: address, partner: { ...address, state: 'TX' } },
        },
        invalidFieldMessage('shipping.partner.zip', zipStateProblem('62701', 'IL', 'TX')),
      ],
    ] as const;
    for (const [body, expected] of cases) {
      const response = await start('couple', body);
      expect(response.statusCode, expected).toBe(400);
      expect(message(response)).toBe(expected);
    }
    const noSex = await start('nosex', { product: 'couple', partner });
    expect(noSex.statusCode).toBe(400);
    expect(message(noSex)).toBe(BUYER_NEEDS_SEX);
    // The father's own checkout is fine: M is the father.
    expect((await start('couple', { product: 'couple', partner })).statusCode).toBe(200);
  });

  it('tells a buyer already on a couple test, before paying, that a second one needs the lab', async () => {
    tokens.demoMother = await signInToken(app, 'mother@demo.test');
    const refused = await start('demoMother', { product: 'couple', partner });
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(tooManyCouplePlaces(1));
    // An individual test is another matter.
    expect((await start('demoMother', { product: 'individual' })).statusCode).toBe(200);
  });

  it('answers one checkout for one idempotency key, even to 20 calls at once', async () => {
    const buyer = await newBuyer('clicker', 'Female');
    const idempotencyKey = randomUUID();
    const body = { product: 'individual', idempotencyKey, shipping: { buyer: address } };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('clicker', 'POST', '/api/checkout', body)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((answer) => checkoutSchema.parse(answer.json()).id));
    expect(ids.size).toBe(1);
    // Later, another product under the same key is still the first checkout.
    const again = await call('clicker', 'POST', '/api/checkout', { ...body, product: 'couple' });
    expect(checkoutSchema.parse(again.json())).toMatchObject({
      id: [...ids][0],
      summary: { product: 'individual' },
    });
    expect(
      await count(sql`select count(*) as count from checkout where user_id = ${buyer.id}`),
    ).toBe(1);
  });

  it('pays with 4242, makes the order once, mails the receipt and files it as a PDF', async () => {
    const buyer = await newBuyer('payer', 'Female');
    const couple = await start('payer', {
      product: 'couple',
      partner,
      shipping: { buyer: address, partner: { ...address, name: 'Ben Partner' } },
    });
    const open = checkoutSchema.parse(couple.json());

    const paid = await pay('payer', open.id, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(200);
    const answer = checkoutSchema.parse(paid.json());
    expect(answer.status).toBe('paid');
    expect(answer.orderId).not.toBeNull();
    expect(answer.paymentError).toBeNull();

    // Paying again takes nothing more: the same order.
    const twice = await pay('payer', open.id, TEST_CARDS.pays);
    expect(checkoutSchema.parse(twice.json()).orderId).toBe(answer.orderId);
    expect(
      await count(sql`select count(*) as count from purchase_order where checkout_id = ${open.id}`),
    ).toBe(1);
    const stored = await queryRows<{ card_last4: string; status: string }>(
      database,
      sql`select card_last4, status from checkout where id = ${open.id}`,
    );
    expect(stored).toEqual([{ card_last4: '4242', status: 'paid' }]);

    const mail = await smtp.next(buyer.email);
    expect(mail.text).toContain('4242');
    expect(mail.text).not.toContain(TEST_CARDS.pays);
    const documents = await call('payer', 'GET', '/api/user/documents');
    expect(documents.json()).toMatchObject({
      documents: [expect.objectContaining({ kind: 'receipt', contentType: 'application/pdf' })],
    });
    const couples = await queryRows<{ mother_id: string; father_email: string }>(
      database,
      sql`select mother_id, father_email from couple_account where mother_id = ${buyer.id}`,
    );
    expect(couples).toEqual([{ mother_id: buyer.id, father_email: partner.email }]);

    // The portal shows the new account at once, before any report exists.
    const portal = await call('payer', 'GET', '/api/user?preconception=true');
    expect(portal.statusCode).toBe(200);
    expect(portal.json()).toMatchObject({
      account: {
        mother: buyer.id,
        father: null,
        fatherEmail: partner.email,
        pendingFatherAccept: true,
        pendingMotherAccept: false,
        testType: 'standard',
        donePilotOnboardingSteps: ['PURCHASED'],
      },
      preconceptionReports: [],
    });
  });

  it('keeps the price an order was sold at when staff change the product', async () => {
    await newBuyer('keeper', 'Female');
    const checkout = await openCheckout('keeper', 'individual');
    const paid = checkoutSchema.parse((await pay('keeper', checkout.id, TEST_CARDS.pays)).json());
    const catalogue = async () =>
      productsAnswerSchema.parse((await call(null, 'GET', '/api/products')).json()).products;
    const before = (await catalogue()).find((product) => product.code === 'individual');
    if (before === undefined) throw new Error('no individual product');
    const admin = await signInToken(app, 'admin@nestling.health');
    const edit = (priceCents: number) =>
      app.inject({
        method: 'PUT',
        url: '/api/admin/products/individual',
        headers: bearer(admin),
        payload: {
          priceCents,
          description: before.description,
          includes: before.includes,
          turnaroundDays: before.turnaroundDays,
        },
      });
    try {
      expect((await edit(before.priceCents + 20_000)).statusCode).toBe(200);
      expect((await catalogue()).find((product) => product.code === 'individual')?.priceCents).toBe(
        before.priceCents + 20_000,
      );
      const order = purchaseOrderSchema.parse(
        (await call('keeper', 'GET', `/api/orders/${paid.orderId ?? ''}`)).json(),
      );
      expect(order).toMatchObject({
        priceCents: before.priceCents,
        totalCents: before.priceCents,
      });
    } finally {
      expect((await edit(before.priceCents)).statusCode).toBe(200);
    }
  });

  it('makes an individual order whose purchase id is the kit id, shown at once', async () => {
    await newBuyer('single', 'Male');
    const checkout = await openCheckout('single', 'individual-30x');
    const paid = checkoutSchema.parse((await pay('single', checkout.id, TEST_CARDS.pays)).json());
    const kits = await queryRows<{ id: string }>(
      database,
      sql`select kit.id from kit join purchase_order on purchase_order.id = kit.order_id
          where purchase_order.id = ${paid.orderId}`,
    );
    expect(kits).toHaveLength(1);
    const portal = await call('single', 'GET', '/api/user?individual=true');
    expect(portal.statusCode).toBe(200);
    expect(portal.json()).toMatchObject({
      individualOrders: [{ purchaseId: kits[0]?.id, testType: '30x', activatedAt: null }],
    });
  });

  it('counts a paid order on its discount code; a code used up is refused at the field', async () => {
    await newBuyer('redeemer', 'Female');
    const admin = await signInToken(app, 'admin@nestling.health');
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      headers: bearer(admin),
      payload: { code: 'ONCE', amountOffCents: 10_000, maxRedemptions: 1 },
    });
    expect(created.statusCode).toBe(201);
    const first = await start('redeemer', { product: 'individual', discountCode: 'once' });
    const checkout = checkoutSchema.parse(first.json());
    expect(checkout.summary).toMatchObject({
      priceCents: 79_900,
      discountCode: 'ONCE',
      discountCents: 10_000,
      totalCents: 69_900,
    });
    expect((await pay('redeemer', checkout.id, TEST_CARDS.pays)).statusCode).toBe(200);

    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/discount-codes',
      headers: bearer(admin),
    });
    expect(list.json()).toMatchObject({
      discountCodes: expect.arrayContaining([
        expect.objectContaining({ code: 'ONCE', redemptions: 1 }),
      ]) as unknown,
    });
    for (const response of [
      await call('redeemer', 'POST', '/api/checkout/quote', {
        product: 'individual',
        discountCode: 'ONCE',
      }),
      await start('redeemer', { product: 'individual', discountCode: 'ONCE' }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(message(response)).toBe(invalidFieldMessage('discountCode', DISCOUNT_CODE_USED_UP));
    }
  });

  /** A new discount code with a limit, made by staff. */
  async function limitedCode(code: string, maxRedemptions: number) {
    const admin = await signInToken(app, 'admin@nestling.health');
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      headers: bearer(admin),
      payload: { code, percentOff: 50, maxRedemptions },
    });
    expect(created.statusCode).toBe(201);
  }
  const redemptionsOf = async (code: string) =>
    count(sql`select redemptions as count from discount_code where code = ${code}`);
  const discountedOrders = async (code: string) =>
    count(sql`select count(*) as count from purchase_order where discount_code = ${code}`);

  it('holds a limited code for a checkout until it is paid: 20 checkouts at once of a 2-use code make at most 2 discounted orders', async () => {
    await limitedCode('RACE2', 2);
    const buyers = Array.from({ length: 10 }, (_, index) => `racer${String(index)}`);
    for (const buyer of buyers) await newBuyer(buyer, 'Female');
    // Two checkouts for each of ten people, all at once.
    const started = await Promise.all(
      [...buyers, ...buyers].map(async (buyer) => ({
        buyer,
        response: await start(buyer, { product: 'individual', discountCode: 'race2' }),
      })),
    );
    const discounted = started.filter(({ response }) => response.statusCode === 200);
    for (const { response } of started.filter((each) => each.response.statusCode !== 200)) {
      expect(response.statusCode).toBe(400);
      expect([
        invalidFieldMessage('discountCode', DISCOUNT_CODE_HELD),
        invalidFieldMessage('discountCode', DISCOUNT_CODE_USED_UP),
      ]).toContain(message(response));
    }
    // Then every checkout that was made is paid, at once.
    const payments = await Promise.all(
      discounted.map(({ buyer, response }) =>
        pay(buyer, checkoutSchema.parse(response.json()).id, TEST_CARDS.pays),
      ),
    );
    expect(payments.filter((payment) => payment.statusCode === 200).length).toBeLessThanOrEqual(2);
    expect(await discountedOrders('RACE2')).toBeLessThanOrEqual(2);
    expect(await discountedOrders('RACE2')).toBeGreaterThanOrEqual(1);
    expect(await redemptionsOf('RACE2')).toBe(await discountedOrders('RACE2'));
  });

  it('tells the second person before paying that the last use is held, and gives it back when the first cancels', async () => {
    await limitedCode('LASTONE', 1);
    await newBuyer('first', 'Female');
    await newBuyer('second', 'Female');
    const first = await start('first', { product: 'individual', discountCode: 'LASTONE' });
    expect(first.statusCode).toBe(200);
    const firstCheckout = checkoutSchema.parse(first.json());
    expect(firstCheckout.summary.discountCode).toBe('LASTONE');

    const quote = await call('second', 'POST', '/api/checkout/quote', {
      product: 'individual',
      discountCode: 'LASTONE',
    });
    const refused = await start('second', { product: 'individual', discountCode: 'LASTONE' });
    for (const response of [quote, refused]) {
      expect(response.statusCode).toBe(400);
      expect(message(response)).toBe(invalidFieldMessage('discountCode', DISCOUNT_CODE_HELD));
    }

    // The first gives up: the use is free again, and the second pays with it.
    const canceled = await call('first', 'POST', `/api/checkout/${firstCheckout.id}/cancel`);
    expect(canceled.statusCode).toBe(200);
    const second = checkoutSchema.parse(
      (await start('second', { product: 'individual', discountCode: 'LASTONE' })).json(),
    );
    expect((await pay('second', second.id, TEST_CARDS.pays)).statusCode).toBe(200);
    expect(await redemptionsOf('LASTONE')).toBe(1);
    const usedUp = await start('first', { product: 'individual', discountCode: 'LASTONE' });
    expect(message(usedUp)).toBe(invalidFieldMessage('discountCode', DISCOUNT_CODE_USED_UP));
  });

  it("moves a person's own hold to their new checkout when they change their entries", async () => {
    await limitedCode('MINE', 1);
    await newBuyer('changer', 'Female');
    const before = checkoutSchema.parse(
      (await start('changer', { product: 'individual', discountCode: 'MINE' })).json(),
    );
    // New entries make a new checkout (a new key): it takes the use; the old one is closed.
    const after = await start('changer', {
      product: 'individual',
      discountCode: 'MINE',
      shipping: { buyer: { ...address, line1: '2 Other Street' } },
    });
    expect(after.statusCode).toBe(200);
    const oldPayment = await pay('changer', before.id, TEST_CARDS.pays);
    expect(oldPayment.statusCode).toBe(409);
    expect(message(oldPayment)).toBe(CHECKOUT_CLOSED);
    const newPayment = await pay('changer', checkoutSchema.parse(after.json()).id, TEST_CARDS.pays);
    expect(newPayment.statusCode).toBe(200);
    expect(await redemptionsOf('MINE')).toBe(1);
  });

  it('declines 0002 and 9995 with the reason, and the checkout stays open for another card', async () => {
    await newBuyer('declined', 'Female');
    const checkout = await openCheckout('declined');
    for (const [number, expected] of [
      [TEST_CARDS.declined, CARD_DECLINED],
      [TEST_CARDS.insufficientFunds, CARD_INSUFFICIENT_FUNDS],
    ] as const) {
      const refused = await pay('declined', checkout.id, number);
      expect(refused.statusCode).toBe(402);
      expect(message(refused)).toBe(expected);
      const read = await call('declined', 'GET', `/api/checkout/${checkout.id}`);
      expect(checkoutSchema.parse(read.json())).toMatchObject({
        status: 'open',
        paymentError: expected,
        orderId: null,
      });
    }
    const paid = await pay('declined', checkout.id, TEST_CARDS.pays);
    expect(checkoutSchema.parse(paid.json())).toMatchObject({ status: 'paid', paymentError: null });
  });

  it('asks 3155 for a confirmation: declined goes back to open, approved pays', async () => {
    await newBuyer('confirmer', 'Female');
    const checkout = await openCheckout('confirmer');
    const confirm = (approve: boolean) =>
      call('confirmer', 'POST', `/api/checkout/${checkout.id}/test-payment/confirm`, { approve });

    const early = await confirm(true);
    expect(early.statusCode).toBe(409);
    expect(message(early)).toBe(NOTHING_TO_CONFIRM);

    const asked = await pay('confirmer', checkout.id, TEST_CARDS.needsConfirmation);
    expect(asked.statusCode).toBe(200);
    expect(checkoutSchema.parse(asked.json())).toMatchObject({ status: 'requires_action' });
    const declined = await confirm(false);
    expect(declined.statusCode).toBe(402);
    expect(message(declined)).toBe(CONFIRMATION_DECLINED);
    const reopened = await call('confirmer', 'GET', `/api/checkout/${checkout.id}`);
    expect(checkoutSchema.parse(reopened.json())).toMatchObject({
      status: 'open',
      paymentError: CONFIRMATION_DECLINED,
    });

    await pay('confirmer', checkout.id, TEST_CARDS.needsConfirmation);
    const approved = await confirm(true);
    expect(approved.statusCode).toBe(200);
    const paid = checkoutSchema.parse(approved.json());
    expect(paid.status).toBe('paid');
    expect(paid.orderId).not.toBeNull();
  });

  it('pays with any other valid number, and refuses bad numbers, expiry dates and CVCs at the field', async () => {
    await newBuyer('carder', 'Female');
    const checkout = await openCheckout('carder');
    const bad = [
      [{ ...card('4242424242424241') }, `body.number: ${CARD_NUMBER_MESSAGE}`],
      [{ ...card(TEST_CARDS.pays), expiry: '01/20' }, `body.expiry: ${CARD_EXPIRED_MESSAGE}`],
      [{ ...card(TEST_CARDS.pays), cvc: '12' }, `body.cvc: ${CARD_CVC_MESSAGE}`],
    ] as const;
    for (const [body, expected] of bad) {
      const response = await call(
        'carder',
        'POST',
        `/api/checkout/${checkout.id}/test-payment`,
        body,
      );
      expect(response.statusCode).toBe(400);
      expect(message(response)).toContain(expected);
    }
    const paid = await pay('carder', checkout.id, '5555 5555 5555 4444');
    expect(checkoutSchema.parse(paid.json())).toMatchObject({ status: 'paid' });
  });

  it('cancels an unpaid checkout, keeps a paid one paid, and closes both to cards', async () => {
    await newBuyer('canceller', 'Female');
    const checkout = await openCheckout('canceller');
    const canceled = await call('canceller', 'POST', `/api/checkout/${checkout.id}/cancel`);
    expect(checkoutSchema.parse(canceled.json())).toMatchObject({
      status: 'canceled',
      request: { partner: null, shipping: { buyer: address, partner: null } },
    });
    const closed = await pay('canceller', checkout.id, TEST_CARDS.pays);
    expect(closed.statusCode).toBe(409);
    expect(message(closed)).toBe(CHECKOUT_CLOSED);

    const other = await openCheckout('canceller');
    await pay('canceller', other.id, TEST_CARDS.pays);
    const stays = await call('canceller', 'POST', `/api/checkout/${other.id}/cancel`);
    expect(checkoutSchema.parse(stays.json()).status).toBe('paid');
  });

  it('expires an open checkout past its time when it is read', async () => {
    await newBuyer('late', 'Female');
    const checkout = await openCheckout('late');
    await database.db.execute(
      sql`update checkout set expires_at = now() - interval '1 minute' where id = ${checkout.id}`,
    );
    const read = await call('late', 'GET', `/api/checkout/${checkout.id}`);
    expect(checkoutSchema.parse(read.json()).status).toBe('expired');
    const stored = await queryRows<{ status: string }>(
      database,
      sql`select status from checkout where id = ${checkout.id}`,
    );
    expect(stored).toEqual([{ status: 'expired' }]);
    const closed = await pay('late', checkout.id, TEST_CARDS.pays);
    expect(closed.statusCode).toBe(409);
    expect(message(closed)).toBe(CHECKOUT_CLOSED);
  });

  it("answers 404 on every checkout endpoint for another person's checkout", async () => {
    await newBuyer('owner', 'Female');
    await newBuyer('other', 'Female');
    const checkout = await openCheckout('owner');
    for (const [method, url, body] of [
      ['GET', `/api/checkout/${checkout.id}`, undefined],
      ['POST', `/api/checkout/${checkout.id}/cancel`, undefined],
      ['POST', `/api/checkout/${checkout.id}/test-payment`, card(TEST_CARDS.pays)],
      ['POST', `/api/checkout/${checkout.id}/test-payment/confirm`, { approve: true }],
    ] as const) {
      for (const id of [checkout.id, 'no-such-checkout']) {
        const response = await call('other', method, url.replace(checkout.id, id), body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(message(response)).toBe(CHECKOUT_NOT_FOUND);
      }
      expect((await call(null, method, url, body)).statusCode).toBe(401);
    }
    const mine = await call('owner', 'GET', `/api/checkout/${checkout.id}`);
    expect(checkoutSchema.parse(mine.json()).status).toBe('open');
  });

  it('refuses an impersonating admin to begin or pay a checkout', async () => {
    const buyer = await newBuyer('impersonated', 'Female');
    const checkout = await openCheckout('impersonated');
    const started = await app.inject({
      method: 'POST',
      url: '/api/admin/impersonation',
      headers: bearer(await signInToken(app, 'admin@nestling.health')),
      payload: { userId: buyer.id },
    });
    expect(started.statusCode).toBe(200);
    tokens.impersonating = started.json<{ token: string }>().token;
    const begin = await start('impersonating', { product: 'individual' });
    expect(begin.statusCode).toBe(403);
    expect(message(begin)).toBe(NOT_WHILE_IMPERSONATING);
    const paying = await pay('impersonating', checkout.id, TEST_CARDS.pays);
    expect(paying.statusCode).toBe(403);
    expect(message(paying)).toBe(NOT_WHILE_IMPERSONATING);
    // Looking is allowed.
    expect((await call('impersonating', 'GET', `/api/checkout/${checkout.id}`)).statusCode).toBe(
      200,
    );
  });

  it('refuses test cards on a Stripe checkout, and more than 10 cards in 15 minutes', async () => {
    await newBuyer('stripe', 'Female');
    const checkout = await openCheckout('stripe');
    await database.db.execute(
      sql`update checkout set provider = 'stripe' where id = ${checkout.id}`,
    );
    const wrong = await pay('stripe', checkout.id, TEST_CARDS.pays);
    expect(wrong.statusCode).toBe(409);
    expect(message(wrong)).toBe(WRONG_PROVIDER);

    await newBuyer('tester', 'Female');
    const target = await openCheckout('tester');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await pay('tester', target.id, TEST_CARDS.declined)).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(402), 429]);
    const limited = await pay('tester', target.id, TEST_CARDS.pays);
    expect(message(limited)).toBe(TOO_MANY_REQUESTS);
  });

  it('counts a double click as one card attempt: ten payments at once make one order and leave nine tries', async () => {
    await newBuyer('clicker', 'Female');
    const target = await openCheckout('clicker');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => pay('clicker', target.id, TEST_CARDS.pays)),
    );
    // The one that paid answers 200; any sent while it was checked is told so, uncounted.
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((each) => each.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(message(answer)).toBe(PAYMENT_IN_PROGRESS);
    }
    expect(
      await count(
        sql`select count(*) as count from purchase_order where checkout_id = ${target.id}`,
      ),
    ).toBe(1);

    // Nine more cards may still be tried: the limit counts cards checked, not clicks.
    const next = await openCheckout('clicker');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      statuses.push((await pay('clicker', next.id, TEST_CARDS.declined)).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(9).fill(402), 429]);
  });

  it('never logs a card number', () => {
    const log = logLines.join('');
    expect(log).toContain('test-payment');
    for (const number of [
      ...Object.values(TEST_CARDS),
      '4242 4242 4242 4242',
      '5555555555554444',
    ]) {
      expect(log).not.toContain(number);
    }
  });
});
