import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activationNeeds,
  KIT_ID_TYPO,
  KIT_NOT_FOUND,
  kitIdTypoFor,
  KITS_SWAPPED,
  PARTNER_NOT_JOINED,
  type KitsAnswer,
} from '@nestling/shared/contract/activation';
import { ORDERS_NOT_ATTACHED } from '@nestling/shared/contract/orders';
import type { App } from '../../app.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createTestUser, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';
import { createOrdersRepository } from '../orders/repository.ts';
import { insertOrderRows, kitIdOf } from '../purchase-orders/order-rows.ts';

const PURCHASED = 1_772_409_600;
const address = {
  name: 'A',
  line1: '1 Main Street',
  city: 'Springfield',
  state: 'IL' as const,
  zip: '62701',
};
const kits = {
  ivy: kitIdOf('1VY00001'),
  stranger: kitIdOf('5TRANGER'),
  mother: kitIdOf('M0THER01'),
  father: kitIdOf('FATHER01'),
  lonely: kitIdOf('10NE1Y01'),
};
const people = {
  ivy: { id: 'act-ivy', email: 'ivy@activation.test', firstName: 'Ivy', lastName: 'Single' },
  stranger: {
    id: 'act-stranger',
    email: 'sol@activation.test',
    firstName: 'Sol',
    lastName: 'Other',
  },
  mother: { id: 'act-mother', email: 'mia@activation.test', firstName: 'Mia', lastName: 'Couple' },
  father: {
    id: 'act-father',
    email: 'finn@activation.test',
    firstName: 'Finn',
    lastName: 'Couple',
  },
};

describe.each(testDatabaseKinds)('kit activation on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-activation-'));
  const tokens: Record<string, string> = {};
  const purchase = { ivy: '', couple: '' };
  /** The kits have shipped and arrived: they may be activated (the tests of before-shipment.test.ts wait). */
  const arrived = [
    {
      stage: 'kit-shipped' as const,
      at: new Date((PURCHASED + 86_400) * 1000),
      carrier: 'UPS' as const,
      trackingNumber: '1Z999AA10123456784',
    },
    { stage: 'kit-delivered' as const, at: new Date((PURCHASED + 3 * 86_400) * 1000) },
  ];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    for (const person of Object.values(people)) await createTestUser(database.db, person);
    const orders = createOrdersRepository(database.db);
    for (const [who, kitId] of [
      ['ivy', kits.ivy],
      ['stranger', kits.stranger],
    ] as const) {
      await orders.insertIndividualOrder({
        id: `act-${who}-order`,
        userId: people[who].id,
        purchaseId: kitId,
        purchaseDate: PURCHASED,
        testType: 'standard',
      });
    }
    purchase.ivy = (
      await insertOrderRows(database.db, {
        userId: people.ivy.id,
        product: 'individual',
        purchaseDate: PURCHASED,
        buyerName: 'Ivy Single',
        address,
        kitIds: [kits.ivy],
        individualOrderId: 'act-ivy-order',
        events: arrived,
      })
    ).id;
    await orders.insertCoupleAccount({
      id: 'act-couple',
      mother: people.mother.id,
      motherEmail: people.mother.email,
      fatherEmail: people.father.email,
      motherOrder: kits.mother,
      fatherOrder: kits.father,
      pendingFatherAccept: true,
      purchaseDate: PURCHASED,
      testType: 'standard',
      donePilotOnboardingSteps: ['PURCHASED'],
    });
    purchase.couple = (
      await insertOrderRows(database.db, {
        userId: people.mother.id,
        product: 'couple',
        purchaseDate: PURCHASED,
        buyerName: 'Mia Couple',
        address,
        partner: { firstName: 'Finn', lastName: 'Couple', email: people.father.email },
        buyerRole: 'mother',
        kitIds: [kits.mother, kits.father],
        coupleAccountId: 'act-couple',
        events: arrived,
      })
    ).id;
    await orders.insertCoupleAccount({
      id: 'act-unattached',
      mother: people.mother.id,
      father: people.father.id,
      motherEmail: people.mother.email,
      fatherEmail: people.father.email,
      motherOrder: kits.lonely,
      purchaseDate: PURCHASED,
      testType: 'standard',
      donePilotOnboardingSteps: ['PURCHASED'],
    });
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir } });
    for (const [who, person] of Object.entries(people)) {
      tokens[who] = await signInToken(app, person.email);
    }
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (who: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: bearer(tokens[who] ?? ''),
      ...(payload === undefined ? {} : { payload }),
    });
  const message = (response: { json: () => unknown }) =>
    (response.json() as { message: string }).message;
  const lookup = (who: string, kitId: string) => call(who, 'POST', '/api/kits/lookup', { kitId });
  const activateIndividual = (who: string) =>
    call(who, 'PATCH', `/api/individual_reports/act-${who}-order/activate`);
  const activateCouple = (
    who: string,
    motherKitId: string,
    fatherKitId: string,
    id = 'act-couple',
  ) => call(who, 'PATCH', `/api/accounts/${id}/activate`, { motherKitId, fatherKitId });
  const surveyDone = (id: string) =>
    database.db.execute(sql`update "user" set health_survey_status = 'done' where id = ${id}`);
  const acceptTerms = async (who: string) => {
    for (const document of ['tos', 'hipaa']) {
      expect(
        (await call(who, 'POST', `/api/terms/${document}/accept`, { version: '1.0' })).statusCode,
      ).toBe(200);
    }
  };
  const stage = async (orderId: string) =>
    (
      await queryRows<{ stage: string }>(
        database,
        sql`select stage from purchase_order where id = ${orderId}`,
      )
    )[0]?.stage;

  it('finds the caller’s own kit, typed loosely', async () => {
    const response = await lookup('ivy', ` ${kits.ivy.toLowerCase().replace('-', ' ')} `);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      kind: 'individual',
      kitId: kits.ivy,
      orderId: 'act-ivy-order',
      activated: false,
    });
    const couple = await lookup('mother', kits.father);
    expect(couple.json()).toMatchObject({
      kind: 'couple',
      accountId: 'act-couple',
      role: 'father',
    });
  });

  it('answers a typo with the check-character message', async () => {
    const typo = `${kits.ivy.slice(0, -1)}${kits.ivy.endsWith('0') ? '1' : '0'}`;
    const response = await lookup('ivy', typo);
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe(KIT_ID_TYPO);
    expect(message(await lookup('ivy', 'hello'))).toBe(KIT_ID_TYPO);
  });

  it('answers an unknown kit and another person’s kit the same', async () => {
    const unknown = await lookup('ivy', kitIdOf('ZZZZZZZZ'));
    const others = await lookup('ivy', kits.stranger);
    expect([unknown.statusCode, others.statusCode]).toEqual([404, 404]);
    expect(message(unknown)).toBe(KIT_NOT_FOUND);
    expect(message(others)).toBe(KIT_NOT_FOUND);
    expect(
      (await call('ivy', 'PATCH', '/api/individual_reports/act-stranger-order/activate'))
        .statusCode,
    ).toBe(404);
  });

  it('activates an individual kit only after the survey and the terms', async () => {
    let refused = await activateIndividual('ivy');
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(activationNeeds([{ who: 'you', survey: true, terms: true }]));
    await surveyDone(people.ivy.id);
    refused = await activateIndividual('ivy');
    expect(message(refused)).toBe(activationNeeds([{ who: 'you', survey: false, terms: true }]));
    expect(message(refused)).toBe(
      'Before the kit can be activated, you need to accept the Terms of Service and the HIPAA notice.',
    );
    expect(await stage(purchase.ivy)).toBe('kit-delivered');

    await acceptTerms('ivy');
    const done = await activateIndividual('ivy');
    expect(done.statusCode).toBe(200);
    const activatedAt = done.json<{ activatedAt: number }>().activatedAt;
    expect(activatedAt).toBeGreaterThan(0);
    expect(await stage(purchase.ivy)).toBe('kit-activated');

    const again = await activateIndividual('ivy');
    expect(again.json<{ activatedAt: number }>().activatedAt).toBe(activatedAt);
    const events = await queryRows<{ count: number | string }>(
      database,
      sql`select count(*) as count from order_event where order_id = ${purchase.ivy} and stage = 'kit-activated'`,
    );
    expect(Number(events[0]?.count)).toBe(1);
    const listed = (await call('ivy', 'GET', '/api/kits')).json<KitsAnswer>();
    expect(listed.kits).toEqual([
      expect.objectContaining({
        kitId: kits.ivy,
        kind: 'individual',
        activatedAt,
        purchaseOrderId: purchase.ivy,
      }),
    ]);
  });

  it("answers 'Orders not attached' when a kit of the couple is missing", async () => {
    const response = await activateCouple('mother', kits.lonely, kits.father, 'act-unattached');
    expect(response.statusCode).toBe(409);
    expect(message(response)).toBe(ORDERS_NOT_ATTACHED);
  });

  it('checks the typed ids against the account, each in its field', async () => {
    const typo = `${kits.father.slice(0, -1)}${kits.father.endsWith('0') ? '1' : '0'}`;
    let response = await activateCouple('mother', kits.mother, typo);
    expect([response.statusCode, message(response)]).toEqual([400, kitIdTypoFor('father')]);
    response = await activateCouple('mother', kits.father, kits.mother);
    expect([response.statusCode, message(response)]).toEqual([400, KITS_SWAPPED]);
    response = await activateCouple('mother', kits.mother, kits.ivy);
    expect([response.statusCode, message(response)]).toEqual([404, KIT_NOT_FOUND]);
    response = await activateCouple('stranger', kits.mother, kits.father);
    expect(response.statusCode).toBe(404);
  });

  it('waits for the partner to join, then for both partners’ survey and terms', async () => {
    let response = await activateCouple('mother', kits.mother, kits.father);
    expect([response.statusCode, message(response)]).toEqual([409, PARTNER_NOT_JOINED]);

    await database.db.execute(
      sql`update couple_account set father_id = ${people.father.id}, pending_father_accept = false where id = 'act-couple'`,
    );
    await surveyDone(people.mother.id);
    await acceptTerms('mother');
    response = await activateCouple('mother', kits.mother, kits.father);
    expect(response.statusCode).toBe(409);
    expect(message(response)).toBe(
      'Before the kit can be activated, your partner (Finn Couple) needs to complete their health survey and accept the Terms of Service and the HIPAA notice.',
    );
    await surveyDone(people.father.id);
    response = await activateCouple('father', kits.mother, kits.father);
    expect(message(response)).toBe(
      'Before the kit can be activated, you need to accept the Terms of Service and the HIPAA notice.',
    );
    expect(await stage(purchase.couple)).toBe('kit-delivered');
  });

  it('activates both kits of the couple together, once', async () => {
    await acceptTerms('father');
    const response = await activateCouple('father', kits.mother, kits.father);
    expect(response.statusCode).toBe(200);
    expect(
      response.json<{ donePilotOnboardingSteps: string[] }>().donePilotOnboardingSteps,
    ).toEqual(
      expect.arrayContaining(['PURCHASED', 'MOTHER_TERMS', 'FATHER_TERMS', 'KIT_ACTIVATED']),
    );
    expect(await stage(purchase.couple)).toBe('kit-activated');
    const first = await queryRows<{ at: Date | string }>(
      database,
      sql`select activated_at as at from couple_account where id = 'act-couple'`,
    );
    const again = await activateCouple('mother', kits.mother, kits.father);
    expect(again.statusCode).toBe(200);
    const steps = again.json<{ donePilotOnboardingSteps: string[] }>().donePilotOnboardingSteps;
    expect(steps.filter((step) => step === 'KIT_ACTIVATED')).toHaveLength(1);
    const second = await queryRows<{ at: Date | string }>(
      database,
      sql`select activated_at as at from couple_account where id = 'act-couple'`,
    );
    expect(String(second[0]?.at)).toBe(String(first[0]?.at));
    const listed = (await call('father', 'GET', '/api/kits')).json<KitsAnswer>();
    const couple = listed.kits.filter((entry) => entry.orderId === 'act-couple');
    expect(couple.map((entry) => [entry.role, entry.own, entry.activatedAt !== null])).toEqual([
      ['mother', false, true],
      ['father', true, true],
    ]);
  });

  it('limits typed kit ids per person', async () => {
    let last = 0;
    for (let i = 0; i < 31; i += 1) last = (await lookup('stranger', kits.stranger)).statusCode;
    expect(last).toBe(429);
  });
});
