import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  journeyAnswerSchema,
  type JourneyAnswer,
  type JourneyStepKey,
  type JourneyTest,
} from '@nestling/shared/contract/journey';
import { VIEW_AS_ADMIN_ONLY } from '@nestling/shared/contract/portal-user';
import { currentTermsVersions } from '@nestling/shared/contract/terms';
import { formatUsDate } from '@nestling/shared/products';
import type { App } from '../../app.ts';
import { jointReport } from '../demo-reports/payloads.ts';
import { user } from '../auth/schema.ts';
import { coupleAccount } from '../orders/schema.ts';
import { partnerInvitation } from '../partner/schema.ts';
import { termsAcceptance } from '../terms/schema.ts';
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
import { insertOrderRows } from '../purchase-orders/order-rows.ts';
import { isoDay } from '../terms/status.ts';
import { eq } from 'drizzle-orm';

const DAY = 24 * 60 * 60;
/** 2026-03-02 in unix seconds. */
const PURCHASED = 1_772_409_600;
const address = {
  name: 'Jo Buyer',
  line1: '1 Main Street',
  city: 'Springfield',
  state: 'IL' as const,
  zip: '62701',
};

const stepOf = (test: JourneyTest | undefined, key: JourneyStepKey) => {
  const step = test?.steps.find((entry) => entry.key === key);
  if (step === undefined) throw new Error(`no ${key} step`);
  return step;
};
const statesOf = (test: JourneyTest | undefined) =>
  Object.fromEntries((test?.steps ?? []).map((step) => [step.key, step.state]));

describe.each(testDatabaseKinds)('the journey on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-journey-'));
  const tokens: Record<string, string> = {};
  let labKey = '';
  let coupleOrder = '';
  let coupleTurnaround = 0;

  const people = {
    jo: { id: 'jr-jo', email: 'jo@journey.test', firstName: 'Jo', lastName: 'Buyer' },
    alex: { id: 'jr-alex', email: 'alex@journey.test', firstName: 'Alex', lastName: 'Partner' },
    sam: { id: 'jr-sam', email: 'sam@journey.test', firstName: 'Sam', lastName: 'Single' },
    stranger: { id: 'jr-stranger', email: 'sol@journey.test', firstName: 'Sol', lastName: 'S' },
  };

  const journeyOf = async (who: string, query = ''): Promise<JourneyAnswer> => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/journey${query}`,
      headers: bearer(tokens[who] ?? ''),
    });
    expect(response.statusCode, response.body).toBe(200);
    return journeyAnswerSchema.parse(response.json());
  };
  const coupleOf = async (who: string) =>
    (await journeyOf(who)).tests.find((test) => test.id === 'jr-couple');
  const recordedSteps = async () => {
    const rows = await queryRows<{ steps: string[] }>(
      database,
      sql`select done_pilot_onboarding_steps as steps from couple_account where id = 'jr-couple'`,
    );
    return rows[0]?.steps ?? [];
  };
  const acceptTerms = async (userId: string) => {
    const current = currentTermsVersions(isoDay(new Date()));
    for (const version of [current.tos, current.hipaa]) {
      await database.db.insert(termsAcceptance).values({
        id: `${userId}-${version.document}`,
        userId,
        document: version.document,
        version: version.version,
        acceptedAt: new Date(),
      });
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    for (const person of Object.values(people)) await createTestUser(database.db, person);
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir } });
    for (const [who, email] of [
      ['admin', 'admin@nestling.health'],
      ['jo', people.jo.email],
      ['alex', people.alex.email],
      ['sam', people.sam.email],
      ['stranger', people.stranger.email],
    ] as const) {
      tokens[who] = await signInToken(app, email);
    }
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/lab-keys',
      headers: bearer(tokens.admin ?? ''),
      payload: { name: 'Journey pipeline' },
    });
    labKey = created.json<{ key: string }>().key;

    // A couple purchase as checkout leaves it: Jo bought, Alex named but not joined yet.
    const orders = createOrdersRepository(database.db);
    await orders.insertCoupleAccount({
      id: 'jr-couple',
      mother: people.jo.id,
      father: null,
      motherEmail: people.jo.email,
      fatherEmail: people.alex.email,
      pendingFatherAccept: true,
      purchaseDate: PURCHASED,
      testType: 'standard',
      donePilotOnboardingSteps: ['PURCHASED'],
    });
    const couple = await insertOrderRows(database.db, {
      userId: people.jo.id,
      product: 'couple',
      purchaseDate: PURCHASED,
      buyerName: 'Jo Buyer',
      address,
      partner: { firstName: 'Alex', lastName: 'Partner', email: people.alex.email },
      buyerRole: 'mother',
      coupleAccountId: 'jr-couple',
    });
    coupleOrder = couple.id;
    const turnaround = await queryRows<{ days: number }>(
      database,
      sql`select turnaround_days as days from purchase_order where id = ${coupleOrder}`,
    );
    coupleTurnaround = Number(turnaround[0]?.days);

    await orders.insertIndividualOrder({
      id: 'jr-sam-order',
      userId: people.sam.id,
      purchaseId: 'jr-sam-kit',
      purchaseDate: PURCHASED - DAY,
      testType: '30x',
    });
    await insertOrderRows(database.db, {
      userId: people.sam.id,
      product: 'individual-30x',
      purchaseDate: PURCHASED - DAY,
      buyerName: 'Sam Single',
      address,
      individualOrderId: 'jr-sam-order',
    });
  });

  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows a fresh couple purchase: the survey first, the partner invited but not joined', async () => {
    const answer = await journeyOf('jo');
    expect(answer.tests.map((test) => test.id)).toEqual(['jr-couple']);
    const test = answer.tests[0];
    expect(test).toMatchObject({
      kind: 'saliva',
      scope: 'couple',
      role: 'mother',
      purchaseDate: PURCHASED,
      purchaseOrderId: coupleOrder,
      partner: { name: null, email: people.alex.email, joined: false },
      results: { status: 'not-sent', sampleReceivedAt: null, report: null },
    });
    expect(statesOf(test)).toEqual({
      purchased: 'done',
      survey: 'current',
      terms: 'current',
      // Not before the kits ship.
      'kit-activated': 'waiting',
      'partner-joined': 'waiting',
      'sample-sent': 'todo',
      results: 'todo',
    });
    expect(stepOf(test, 'purchased')).toMatchObject({
      detail: `Bought on ${formatUsDate(PURCHASED)}`,
      doneAt: PURCHASED,
      link: { to: '/order', search: { id: coupleOrder }, label: 'See your order' },
    });
    expect(stepOf(test, 'survey')).toMatchObject({
      detail: 'You: not yet; your partner: not joined yet',
      link: { to: '/health-survey', label: 'Answer the survey' },
    });
    expect(stepOf(test, 'terms').link).toEqual({ to: '/review-terms', label: 'Review and accept' });
    expect(stepOf(test, 'kit-activated')).toMatchObject({
      detail: 'Your kits are being prepared. You activate them when they arrive.',
      link: null,
    });
    expect(stepOf(test, 'partner-joined')).toMatchObject({
      detail: `Waiting for ${people.alex.email} to accept the invitation`,
      link: { to: '/partner' },
    });
    expect(stepOf(test, 'sample-sent').link).toEqual({
      to: '/return-shipping',
      label: 'How to send your sample',
    });
    expect(stepOf(test, 'results')).toMatchObject({
      detail: `About ${String(coupleTurnaround)} days after the lab receives your sample`,
      link: { to: '/results' },
    });
    // Before the sample: an estimate from the purchase (10 days' kit journey + turnaround).
    expect(test?.results.expectedBy).toBe(PURCHASED + (10 + coupleTurnaround) * DAY);
    expect(answer.next).toMatchObject({ testId: 'jr-couple', step: { key: 'survey' } });

    // Alex is not on the account until they accept: nothing to show yet.
    expect(await journeyOf('alex')).toEqual({ tests: [], next: null });
  });

  it("shows each partner's survey and terms once the partner has joined", async () => {
    const joinedAt = new Date('2026-03-05T15:00:00Z');
    await database.db
      .update(coupleAccount)
      .set({ father: people.alex.id, pendingFatherAccept: false })
      .where(eq(coupleAccount.id, 'jr-couple'));
    await database.db.insert(partnerInvitation).values({
      id: 'jr-invitation',
      coupleAccountId: 'jr-couple',
      invitedBy: people.jo.id,
      email: people.alex.email,
      role: 'father',
      tokenHash: 'jr-token-hash',
      lastSentAt: new Date('2026-03-03T00:00:00Z'),
      expiresAt: new Date('2026-03-17T00:00:00Z'),
      acceptedAt: joinedAt,
      acceptedBy: people.alex.id,
    });
    await database.db
      .update(user)
      .set({ healthSurveyStatus: 'done' })
      .where(eq(user.id, people.jo.id));
    await acceptTerms(people.jo.id);

    const jo = await coupleOf('jo');
    expect(jo?.partner).toEqual({ name: 'Alex', email: people.alex.email, joined: true });
    expect(stepOf(jo, 'partner-joined')).toMatchObject({
      state: 'done',
      detail: `Alex joined on ${formatUsDate(Math.floor(joinedAt.getTime() / 1000))}`,
      doneAt: Math.floor(joinedAt.getTime() / 1000),
      link: null,
    });
    expect(stepOf(jo, 'survey')).toMatchObject({
      state: 'waiting',
      // What the state reads as beside its icon: not a bare 'Waiting'.
      stateLabel: 'You: done; waiting for Alex',
      detail: 'You: done; Alex: not yet. Waiting for Alex to answer their survey',
      link: null,
    });
    expect(stepOf(jo, 'terms')).toMatchObject({
      state: 'waiting',
      stateLabel: 'You: done; waiting for Alex',
    });

    const alex = await journeyOf('alex');
    expect(alex.tests[0]).toMatchObject({ id: 'jr-couple', role: 'father' });
    expect(stepOf(alex.tests[0], 'survey')).toMatchObject({
      state: 'current',
      detail: 'You: not yet; Jo: done',
    });
    expect(stepOf(alex.tests[0], 'purchased').detail).toBe(
      `Bought by Jo on ${formatUsDate(PURCHASED)}`,
    );
    expect(alex.next?.step.key).toBe('survey');

    await database.db
      .update(user)
      .set({ healthSurveyStatus: 'done' })
      .where(eq(user.id, people.alex.id));
    await acceptTerms(people.alex.id);
    const both = await coupleOf('jo');
    expect(stepOf(both, 'survey')).toMatchObject({
      state: 'done',
      detail: 'You: done; Alex: done',
    });
    expect(stepOf(both, 'terms').state).toBe('done');
    expect(stepOf(both, 'kit-activated').state).toBe('waiting');
    // The kits ship: activating them is the next step.
    await database.db.execute(
      sql`insert into order_event (id, order_id, stage, at, carrier, tracking_number, source)
          values ('jr-shipped', ${coupleOrder}, 'kit-shipped', now(), 'UPS', '1Z999AA10123456784', 'staff')`,
    );
    await database.db.execute(
      sql`update purchase_order set stage = 'kit-shipped' where id = ${coupleOrder}`,
    );
    expect(stepOf(await coupleOf('jo'), 'kit-activated')).toMatchObject({
      state: 'current',
      link: { to: '/activate', label: 'Activate your kit' },
    });
    expect((await journeyOf('jo')).next?.step.key).toBe('kit-activated');
  });

  it('moves to sending the sample once the kits are activated', async () => {
    const activatedAt = new Date('2026-03-09T12:00:00Z');
    await database.db
      .update(coupleAccount)
      .set({ activatedAt })
      .where(eq(coupleAccount.id, 'jr-couple'));
    const test = await coupleOf('jo');
    expect(stepOf(test, 'kit-activated')).toMatchObject({
      state: 'done',
      doneAt: Math.floor(activatedAt.getTime() / 1000),
    });
    expect(stepOf(test, 'sample-sent')).toMatchObject({
      state: 'current',
      link: { to: '/return-shipping', label: 'How to send your sample' },
    });
    expect((await journeyOf('jo')).next?.step.key).toBe('sample-sent');
  });

  it('records SAMPLE_SENT when the lab receives the samples, and expects results by then + turnaround', async () => {
    const receivedAt = new Date('2026-03-16T10:00:00Z');
    const received = await app.inject({
      method: 'POST',
      url: `/api/lab/orders/${coupleOrder}/events`,
      headers: { authorization: `Bearer ${labKey}` },
      payload: { stage: 'sample-received', at: receivedAt.toISOString() },
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(await recordedSteps()).toEqual(['PURCHASED', 'SAMPLE_SENT']);

    const receivedSeconds = Math.floor(receivedAt.getTime() / 1000);
    const test = await coupleOf('jo');
    expect(stepOf(test, 'sample-sent')).toMatchObject({
      state: 'done',
      detail: `The lab received your samples on ${formatUsDate(receivedSeconds)}`,
      doneAt: receivedSeconds,
    });
    const expectedBy = receivedSeconds + coupleTurnaround * DAY;
    expect(test?.results).toEqual({
      status: 'sample-received',
      sampleReceivedAt: receivedSeconds,
      expectedBy,
      turnaroundDays: coupleTurnaround,
      report: null,
    });
    expect(stepOf(test, 'results')).toMatchObject({
      state: 'waiting',
      detail: `The lab is working on your sample; expected by ${formatUsDate(expectedBy)}`,
    });
    expect((await journeyOf('jo')).next).toBeNull();

    // In the lab: still waiting on the lab.
    await app.inject({
      method: 'POST',
      url: `/api/lab/orders/${coupleOrder}/events`,
      headers: { authorization: `Bearer ${labKey}` },
      payload: { stage: 'in-lab' },
    });
    expect((await coupleOf('jo'))?.results.status).toBe('in-lab');
    expect(await recordedSteps()).toEqual(['PURCHASED', 'SAMPLE_SENT']);
  });

  it('records RESULTS when the joint report is delivered, and links the results', async () => {
    const delivered = await app.inject({
      method: 'POST',
      url: '/api/lab/reports',
      headers: { authorization: `Bearer ${labKey}` },
      payload: { ...jointReport, labReportId: 'JR-JOINT-1', coupleAccountId: 'jr-couple' },
    });
    expect(delivered.statusCode, delivered.body).toBe(201);
    const reportId = delivered.json<{ reportId: string }>().reportId;
    expect(await recordedSteps()).toEqual(['PURCHASED', 'SAMPLE_SENT', 'RESULTS']);

    const test = await coupleOf('jo');
    expect(test?.results).toMatchObject({
      status: 'ready',
      expectedBy: null,
      report: { id: reportId, kind: 'joint' },
    });
    expect(stepOf(test, 'results')).toMatchObject({
      state: 'done',
      link: { to: '/results', label: 'See your results' },
    });
    expect(statesOf(test)).toEqual({
      purchased: 'done',
      survey: 'done',
      terms: 'done',
      'kit-activated': 'done',
      'partner-joined': 'done',
      'sample-sent': 'done',
      results: 'done',
    });
    // The partner sees the same.
    expect((await coupleOf('alex'))?.results.status).toBe('ready');
  });

  it("shows an individual order's journey, with no partner step", async () => {
    const answer = await journeyOf('sam');
    expect(answer.tests).toHaveLength(1);
    const test = answer.tests[0];
    expect(test).toMatchObject({
      id: 'jr-sam-order',
      kind: 'saliva',
      scope: 'individual',
      role: 'self',
      partner: null,
    });
    expect(statesOf(test)).toEqual({
      purchased: 'done',
      survey: 'current',
      terms: 'current',
      'kit-activated': 'waiting',
      'partner-joined': 'not-applicable',
      'sample-sent': 'todo',
      results: 'todo',
    });
    expect(stepOf(test, 'survey').detail).toBe('Tell the lab about your health and your family');
    expect(answer.next?.step.key).toBe('survey');
  });

  it('shows an embryo account as a pgt journey', async () => {
    const answer = await journeyOf('admin', '?asUser=demo-embryo');
    const pgt = answer.tests.find((test) => test.kind === 'pgt');
    expect(pgt).toBeDefined();
    expect(stepOf(pgt, 'kit-activated').state).toBe('not-applicable');
    expect(stepOf(pgt, 'sample-sent')).toMatchObject({
      title: 'Embryo biopsy sent by your clinic',
      state: 'done',
    });
    expect(pgt?.results).toMatchObject({ status: 'ready', report: { kind: 'embryo' } });
  });

  it("keeps another person's journey out of reach; staff read it as the patient", async () => {
    expect(await journeyOf('stranger')).toEqual({ tests: [], next: null });
    const refused = await app.inject({
      method: 'GET',
      url: `/api/journey?asUser=${people.jo.id}`,
      headers: bearer(tokens.stranger ?? ''),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(VIEW_AS_ADMIN_ONLY);

    const anonymous = await app.inject({ method: 'GET', url: '/api/journey' });
    expect(anonymous.statusCode).toBe(401);

    const viewed = await journeyOf('admin', `?asUser=${encodeURIComponent(people.jo.email)}`);
    expect(viewed).toEqual(await journeyOf('jo'));
    const audited = await queryRows<{ count: number | string }>(
      database,
      sql`select count(*) as count from audit_log where action = 'view-as' and subject_id = ${people.jo.id}`,
    );
    expect(Number(audited[0]?.count)).toBeGreaterThan(0);
  });
});
