import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app.ts';
import { TEST_SHIPPING_SECRET } from './config.ts';
import { demoKits } from './demo/orders.ts';
import { demoCoupleAccountId, demoOrders } from './modules/demo-reports/payloads.ts';
import { seedDemoData } from './demo/seed.ts';
import { signTestWebhook, TEST_SIGNATURE_HEADER } from './modules/shipping/test-provider.ts';
import { createTestApp } from './test/app.ts';
import { callerRoles, roleEmails, type CallerRole } from './test/roles.ts';
import {
  signStripePayload,
  startStripeStandIn,
  stripeEvent,
  type StripeStandIn,
} from './test/stripe.ts';
import { impersonationToken, signInToken, TEST_ORIGIN } from './test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from './test/database.ts';
import { createLocalFileStore } from './modules/storage/local-store.ts';

/*
 * The authorization matrix: every route of /api/openapi.json, called as each kind of caller,
 * with the caller's own ids and other people's. A route added without a row here fails the
 * test, so that nothing reaches production with its access unconsidered. Every answer must also
 * be `Cache-Control: no-store` and never a server error.
 */

const roles = callerRoles;
type Role = CallerRole;

/** 'ok' is any 2xx; a number is that status exactly; 'refused' is any 4xx. */
type Expected = 'ok' | 'refused' | 400 | 401 | 403 | 404 | 406;

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Case {
  /** What the call is about: 'own report', "a stranger's document"... */
  label: string;
  call: (role: Role) => Call;
  expect: (role: Role) => Expected;
  /** The id in the call belongs to someone other than these roles: theirs must be 404. */
  foreignTo?: readonly Role[];
}

const signedIn = (role: Role) => role !== 'anonymous';
const isAdmin = (role: Role) => role === 'staff' || role === 'primaryAdmin';
/** The patient, as themselves or as the admin impersonating them sees it. */
const asPatient = (role: Role) => role === 'patient' || role === 'impersonating';
const onlySignedIn = (role: Role): Expected => (signedIn(role) ? 'ok' : 401);
const adminOnly = (role: Role): Expected => (!signedIn(role) ? 401 : isAdmin(role) ? 'ok' : 403);
/** View-as: an admin reads as the patient; anyone else is refused before anything is read. */
const viewAs = (role: Role): Expected => (!signedIn(role) ? 401 : isAdmin(role) ? 'ok' : 403);
const matrixCounselor = {
  name: 'Matrix Counselor',
  email: 'counselor@matrix.test',
  bio: '',
  timeZone: 'UTC',
  active: true,
};
const matrixHours = {
  windows: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    start: '08:00',
    end: '20:00',
    slotMinutes: 30,
  })),
};
const matrixClinic = {
  name: 'Matrix Clinic',
  addressLine1: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '(512) 555-0100',
  active: true,
};
const everyoneButPatient = ['partner', 'stranger', 'staff', 'primaryAdmin'] as const;
const everyoneButStranger = [
  'patient',
  'partner',
  'staff',
  'primaryAdmin',
  'impersonating',
] as const;

describe.each(testDatabaseKinds)('authorization matrix on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-matrix-'));
  const tokens = new Map<Role, string>();
  const ids = {
    jointReport: '',
    patientIndividualReport: '',
    strangerIndividualReport: '',
    patientDocument: '',
    strangerDocument: '',
    strangerOtherSession: '',
    labKeys: [] as string[],
    // Buying a test: a checkout of the patient's (read, paid, confirmed), one they cancel,
    // and one of the stranger's.
    patientCheckout: '',
    patientCancelCheckout: '',
    strangerCheckout: '',
    // Counseling appointments: a counselor with hours every day, free slots to book, and
    // booked appointments of the patient's (one to move, one to cancel) and the stranger's.
    counselor: '',
    slots: [] as string[],
    patientAppointment: '',
    patientCancelAppointment: '',
    strangerAppointment: '',
  };

  const idOf = async (query: ReturnType<typeof sql>) => {
    const rows = await queryRows<{ id: string }>(database, query);
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('The demo data lacks a row the matrix needs');
    return id;
  };
  const sessionOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string };

  const emails = roleEmails;

  /** A new session of the role's: a sign-in, or for the impersonating admin a new one. */
  async function newToken(role: Exclude<Role, 'anonymous'>): Promise<string> {
    if (role !== 'impersonating') return signInToken(app, emails[role]);
    return impersonationToken(app, 'demo-mother');
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db, {
      fileStore: createLocalFileStore(path.join(dataDir, 'files')),
    });
    app = await createTestApp({
      database,
      // The patient holds two appointments here (one to move, one to cancel) and books a third.
      env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir, APPOINTMENTS_PER_PERSON: '3' },
    });

    for (const role of roles) {
      if (role !== 'anonymous') tokens.set(role, await newToken(role));
    }
    ids.jointReport = await idOf(
      sql`select id from report where couple_account_id = ${demoCoupleAccountId}`,
    );
    ids.patientIndividualReport = await idOf(
      sql`select id from report where individual_order_id = ${demoOrders.mother}`,
    );
    ids.strangerIndividualReport = await idOf(
      sql`select id from report where individual_order_id = ${demoOrders.individual}`,
    );
    ids.patientDocument = await idOf(sql`select id from document where user_id = 'demo-mother'`);
    ids.strangerDocument = await idOf(
      sql`select id from document where user_id = 'demo-individual'`,
    );
    ids.strangerOtherSession = sessionOf(await newToken('stranger')).sid;
    for (let index = 0; index < 2; index += 1) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/admin/lab-keys',
        headers: { authorization: `Bearer ${tokens.get('primaryAdmin') ?? ''}` },
        payload: { name: `Matrix ${String(index)}` },
      });
      ids.labKeys.push(created.json<{ labKey: { id: string } }>().labKey.id);
    }
    const newCheckout = async (role: 'patient' | 'stranger') => {
      const created = await app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { authorization: `Bearer ${tokens.get(role) ?? ''}` },
        payload: {
          product: 'individual',
          idempotencyKey: `matrix-checkout-${role}-${String(Math.random())}`,
          shipping: {
            buyer: {
              name: 'Matrix',
              line1: '1 Main St',
              city: 'Austin',
              state: 'TX',
              zip: '78701',
            },
          },
        },
      });
      return created.json<{ id: string }>().id;
    };
    ids.patientCheckout = await newCheckout('patient');
    ids.patientCancelCheckout = await newCheckout('patient');
    ids.strangerCheckout = await newCheckout('stranger');
    await app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      headers: { authorization: `Bearer ${tokens.get('primaryAdmin') ?? ''}` },
      payload: { code: 'MATRIX', percentOff: 10 },
    });
    const asRole = (role: Role) => ({ authorization: `Bearer ${tokens.get(role) ?? ''}` });
    const counselor = await app.inject({
      method: 'POST',
      url: '/api/admin/counselors',
      headers: asRole('primaryAdmin'),
      payload: matrixCounselor,
    });
    ids.counselor = counselor.json<{ id: string }>().id;
    await app.inject({
      method: 'PUT',
      url: `/api/admin/counselors/${ids.counselor}/availability`,
      headers: asRole('primaryAdmin'),
      payload: matrixHours,
    });
    const now = Date.now();
    const slots = await app.inject({
      method: 'GET',
      url: `/api/appointments/slots?from=${new Date(now).toISOString()}&to=${new Date(now + 14 * 86_400_000).toISOString()}`,
      headers: asRole('patient'),
    });
    // Only the matrix's counselor's: the demo counselor offers times too.
    ids.slots = slots
      .json<{ slots: { counselorId: string; startsAt: string }[] }>()
      .slots.filter((slot) => slot.counselorId === ids.counselor)
      .map((slot) => slot.startsAt);
    const book = async (role: Role, startsAt: string | undefined) => {
      const booked = await app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: asRole(role),
        payload: { counselorId: ids.counselor, startsAt, method: 'phone', phone: '5551234567' },
      });
      return booked.json<{ id: string }>().id;
    };
    ids.patientAppointment = await book('patient', ids.slots[0]);
    ids.patientCancelAppointment = await book('patient', ids.slots[1]);
    ids.strangerAppointment = await book('stranger', ids.slots[2]);
  });
  afterAll(async () => {
    await app.close();
    await stripeApp.close();
    await stripeStandIn.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /*
   * Routes that exist only when a setting turns them on: Stripe's webhook, with
   * PAYMENT_PROVIDER=stripe. A second server on the same database has them; their rows call it.
   * It also serves /metrics (METRICS_TOKEN), which the last test covers.
   */
  let stripeApp: App;
  let stripeStandIn: StripeStandIn;
  const metricsToken = 'matrix-metrics-token-0123456789';
  beforeAll(async () => {
    stripeStandIn = await startStripeStandIn();
    stripeApp = await createTestApp({
      database,
      env: {
        ...stripeStandIn.env,
        PUBLIC_URL: TEST_ORIGIN,
        DATA_DIR: dataDir,
        METRICS_TOKEN: metricsToken,
      },
    });
  });
  const webhookEvent = JSON.stringify(
    stripeEvent('checkout.session.expired', {
      id: 'cs_test_matrix',
      object: 'checkout.session',
      metadata: { checkoutId: 'not-a-checkout' },
      client_reference_id: 'not-a-checkout',
    }),
  );
  const webhookCall = (signature?: string): Call => ({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    body: webhookEvent,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
  });
  const shippingEvent = JSON.stringify({
    id: 'evt_matrix',
    type: 'tracker.updated',
    shipmentId: 'test_shp_not-ours',
    status: 'delivered',
  });
  const shippingWebhookCall = (signature: string | null): Call => ({
    method: 'POST',
    url: '/api/shipping/webhook',
    body: shippingEvent,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { [TEST_SIGNATURE_HEADER]: signature }),
    },
  });
  const optionalRows: Record<string, (role: Role) => { call: Call; expected: Expected }[]> = {
    // Public: Stripe's signature decides, whoever sends it; a token changes nothing.
    'POST /api/payments/stripe/webhook': () => [
      { call: webhookCall(), expected: 400 },
      { call: webhookCall('t=1,v1=00'), expected: 400 },
      { call: webhookCall(signStripePayload(webhookEvent)), expected: 'ok' },
    ],
  };

  /** Per route (as OpenAPI names it), the calls to make and what each caller may get. */
  const matrix: Record<string, () => Case[]> = {
    'GET /api/health': () => [
      { label: 'public', call: () => get('/api/health'), expect: () => 'ok' },
    ],
    'GET /api/health/live': () => [
      { label: 'public', call: () => get('/api/health/live'), expect: () => 'ok' },
    ],
    'GET /api/health/ready': () => [
      { label: 'public', call: () => get('/api/health/ready'), expect: () => 'ok' },
    ],
    'GET /api/config': () => [
      { label: 'public', call: () => get('/api/config'), expect: () => 'ok' },
    ],
    'POST /api/auth/sign-in/email': () => [
      {
        label: 'a wrong password',
        call: (role) =>
          post('/api/auth/sign-in/email', {
            email: `matrix-${role}@nowhere.test`,
            password: 'wrong password',
          }),
        expect: () => 401,
      },
    ],
    'POST /api/auth/sign-up/email': () => [
      {
        label: 'a new address',
        call: (role) =>
          post('/api/auth/sign-up/email', {
            email: `matrix-new-${role}-${kind}@example.org`,
            password: 'a sturdy passphrase',
            name: 'Matrix Person',
          }),
        expect: () => 'ok',
      },
    ],
    'GET /api/auth/google/start': () => [
      // Off unless configured.
      { label: 'not configured', call: () => get('/api/auth/google/start'), expect: () => 404 },
    ],
    'GET /api/user/password': () => [
      {
        label: 'any address',
        call: (role) => get(`/api/user/password?email=matrix-${role}@nowhere.test`),
        expect: () => 'ok',
      },
    ],
    'GET /api/user/email': () => [
      {
        label: 'any address',
        call: (role) => get(`/api/user/email?email=matrix-${role}@nowhere.test`),
        expect: () => 'ok',
      },
    ],
    'POST /api/user/email/confirm': () => [
      {
        label: 'a wrong code',
        call: () => post('/api/user/email/confirm', { oobCode: 'not-a-code' }),
        expect: () => 400,
      },
    ],
    'POST /api/user/password/reset': () => [
      {
        label: 'a wrong code',
        call: () =>
          post('/api/user/password/reset', {
            oobCode: 'not-a-code',
            password: 'a sturdy passphrase',
          }),
        expect: () => 400,
      },
    ],
    'POST /api/user/token': () => [
      { label: 'own session', call: () => post('/api/user/token'), expect: onlySignedIn },
    ],
    'GET /api/user/me': () => [
      { label: 'self', call: () => get('/api/user/me'), expect: onlySignedIn },
    ],
    'PATCH /api/user/me': () => [
      {
        label: 'own profile',
        call: () => ({ method: 'PATCH', url: '/api/user/me', body: { phone: '+1 202 555 0199' } }),
        expect: onlySignedIn,
      },
    ],
    'GET /api/user': () => [
      {
        label: 'self',
        call: () => get('/api/user?preconception=true'),
        // Someone with no couple account (the stranger, staff) gets empty lists, not a 404.
        expect: onlySignedIn,
      },
      { label: 'as the patient', call: () => get('/api/user?asUser=demo-mother'), expect: viewAs },
      {
        label: 'as the stranger, by email',
        call: () => get('/api/user?asUser=individual@demo.test'),
        expect: viewAs,
      },
    ],
    'POST /api/user/password/change': () => [
      {
        label: 'with a wrong current password',
        call: () =>
          post('/api/user/password/change', {
            currentPassword: 'wrong password',
            newPassword: 'another sturdy passphrase',
          }),
        expect: (role) => (!signedIn(role) ? 401 : role === 'impersonating' ? 403 : 'refused'),
      },
    ],
    'POST /api/user/email/change': () => [
      {
        label: 'with a wrong current password',
        call: (role) =>
          post('/api/user/email/change', {
            newEmail: `matrix-change-${role}@example.org`,
            currentPassword: 'wrong password',
          }),
        expect: (role) => (!signedIn(role) ? 401 : role === 'impersonating' ? 403 : 'refused'),
      },
    ],
    'GET /api/user/access-log': () => [
      { label: 'own access log', call: () => get('/api/user/access-log'), expect: onlySignedIn },
    ],
    'GET /api/user/access-log.csv': () => [
      {
        label: 'own access log as a file',
        call: () => get('/api/user/access-log.csv'),
        expect: onlySignedIn,
      },
    ],
    'GET /api/user/sessions': () => [
      {
        label: 'own devices',
        call: () => get('/api/user/sessions'),
        expect: onlySignedIn,
      },
    ],
    'DELETE /api/user/sessions/{id}': () => [
      {
        label: "the stranger's other device",
        call: () => ({ method: 'DELETE', url: `/api/user/sessions/${ids.strangerOtherSession}` }),
        expect: (role) =>
          !signedIn(role) ? 401 : role === 'impersonating' ? 403 : role === 'stranger' ? 'ok' : 404,
        foreignTo: ['patient', 'partner', 'staff', 'primaryAdmin'],
      },
    ],
    'GET /api/admin/users': () => [
      { label: 'admins only', call: () => get('/api/admin/users?q=demo'), expect: adminOnly },
    ],
    'GET /api/admin/audit': () => [
      { label: 'admins only', call: () => get('/api/admin/audit'), expect: adminOnly },
    ],
    'GET /api/admin/audit.csv': () => [
      { label: 'admins only', call: () => get('/api/admin/audit.csv'), expect: adminOnly },
    ],
    'POST /api/admin/impersonation': () => [
      {
        label: 'primary admins only',
        call: () => post('/api/admin/impersonation', { userId: 'demo-individual' }),
        expect: (role) => (!signedIn(role) ? 401 : role === 'primaryAdmin' ? 'ok' : 403),
      },
    ],
    // My Data (ADR 023): lab staff turn it on per person; only those it is on for (the
    // stranger here) see their background jobs, admins as them.
    'PUT /api/admin/users/{id}/data-portal': () => [
      {
        label: 'admins only',
        call: () => ({
          method: 'PUT',
          url: '/api/admin/users/demo-individual/data-portal',
          body: { enabled: true },
        }),
        expect: adminOnly,
      },
      {
        label: 'admins only (no such user: 404)',
        call: () => ({
          method: 'PUT',
          url: '/api/admin/users/no-such-user/data-portal',
          body: { enabled: true },
        }),
        expect: (role) => (!signedIn(role) ? 401 : isAdmin(role) ? 404 : 403),
      },
    ],
    'GET /api/my-data/jobs': () => [
      {
        label: 'own jobs, only with My Data on',
        call: () => get('/api/my-data/jobs'),
        expect: (role) => (!signedIn(role) ? 401 : role === 'stranger' ? 'ok' : 403),
      },
      {
        label: 'viewed as a person with My Data on',
        call: () => get('/api/my-data/jobs?asUser=demo-individual'),
        expect: viewAs,
      },
      {
        label: 'viewed as the patient, who has My Data off',
        call: () => get('/api/my-data/jobs?asUser=demo-mother'),
        expect: (role) => (!signedIn(role) ? 401 : 403),
      },
    ],
    // Genome imports (ADR 024): only the person, with My Data on; never while impersonating.
    // Of the roles only the stranger has My Data on. The OpenAPI document leaves out HEAD
    // routes; HEAD /api/my-data/uploads/{id} has the same checks as PATCH, tested in
    // modules/imports/routes.test.ts.
    'POST /api/my-data/uploads': () => [
      {
        label: 'starting an upload of one’s own',
        call: () => ({
          method: 'POST',
          url: '/api/my-data/uploads',
          headers: {
            'tus-resumable': '1.0.0',
            'upload-length': '100',
            'upload-metadata': `filename ${Buffer.from('genome.txt').toString('base64')}`,
          },
        }),
        expect: (role) => (!signedIn(role) ? 401 : role === 'stranger' ? 'ok' : 403),
      },
    ],
    'PATCH /api/my-data/uploads/{id}': () => [
      {
        label: 'an upload that is no one’s',
        call: () => ({
          method: 'PATCH',
          url: '/api/my-data/uploads/no-such-upload',
          headers: {
            'tus-resumable': '1.0.0',
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
          },
          body: 'ACGT',
        }),
        expect: (role) => (!signedIn(role) ? 401 : role === 'stranger' ? 404 : 403),
      },
    ],
    'DELETE /api/my-data/uploads/{id}': () => [
      {
        label: 'an upload that is no one’s',
        call: () => ({
          method: 'DELETE',
          url: '/api/my-data/uploads/no-such-upload',
          headers: { 'tus-resumable': '1.0.0' },
        }),
        expect: (role) => (!signedIn(role) ? 401 : role === 'stranger' ? 404 : 403),
      },
    ],
    'GET /api/my-data/imports': () => [
      {
        label: 'own imports, only with My Data on',
        call: () => get('/api/my-data/imports'),
        expect: (role) => (!signedIn(role) ? 401 : role === 'stranger' ? 'ok' : 403),
      },
      {
        label: 'viewed as a person with My Data on',
        call: () => get('/api/my-data/imports?asUser=demo-individual'),
        expect: viewAs,
      },
    ],
    'DELETE /api/my-data/imports/{id}': () => [
      {
        label: 'an import that is no one’s',
        call: () => ({ method: 'DELETE', url: '/api/my-data/imports/no-such-import' }),
        expect: (role) => (!signedIn(role) ? 401 : role === 'stranger' ? 404 : 403),
      },
    ],
    // Exports: the same, and their files through signed links that need no sign-in.
    'POST /api/my-data/exports': () => [
      {
        label: 'asking for one’s own export',
        call: () => post('/api/my-data/exports', { kind: 'fhir-bundle' }),
        expect: (role) => (!signedIn(role) ? 401 : role === 'stranger' ? 'ok' : 403),
      },
    ],
    // The data-rights center (ADR 027): the overview follows My Data; the account's deletion and
    // the research consent are everyone's own, never changed while impersonating.
    'GET /api/my-data': () => [
      {
        label: 'own overview, only with My Data on',
        call: () => get('/api/my-data'),
        expect: (role) => (!signedIn(role) ? 401 : role === 'stranger' ? 'ok' : 403),
      },
      {
        label: 'viewed as a person with My Data on',
        call: () => get('/api/my-data?asUser=demo-individual'),
        expect: viewAs,
      },
    ],
    'GET /api/user/privacy': () => [
      { label: 'own', call: () => get('/api/user/privacy'), expect: onlySignedIn },
      {
        label: 'viewed as a patient',
        call: () => get('/api/user/privacy?asUser=demo-individual'),
        expect: viewAs,
      },
    ],
    'GET /api/user/deletion': () => [
      { label: 'own', call: () => get('/api/user/deletion'), expect: onlySignedIn },
      {
        label: 'viewed as a patient',
        call: () => get('/api/user/deletion?asUser=demo-individual'),
        expect: viewAs,
      },
    ],
    'POST /api/user/deletion': () => [
      {
        label: 'own account, confirmed with another address; never while impersonating',
        call: () => post('/api/user/deletion', { confirmEmail: 'not-mine@example.org' }),
        expect: (role) => (!signedIn(role) ? 401 : role === 'impersonating' ? 403 : 400),
      },
    ],
    'DELETE /api/user/deletion': () => [
      {
        label: 'own request, when there is none; never while impersonating',
        call: () => ({ method: 'DELETE', url: '/api/user/deletion' }),
        expect: (role) => (!signedIn(role) ? 401 : role === 'impersonating' ? 403 : 'refused'),
      },
    ],
    'PUT /api/user/research-consent': () => [
      {
        label: 'own consent; never while impersonating',
        call: () => ({
          method: 'PUT',
          url: '/api/user/research-consent',
          body: { consent: false },
        }),
        expect: (role) => (!signedIn(role) ? 401 : role === 'impersonating' ? 403 : 'ok'),
      },
    ],
    'GET /api/my-data/exports': () => [
      {
        label: 'own exports, only with My Data on',
        call: () => get('/api/my-data/exports'),
        expect: (role) => (!signedIn(role) ? 401 : role === 'stranger' ? 'ok' : 403),
      },
      {
        label: 'viewed as a person with My Data on',
        call: () => get('/api/my-data/exports?asUser=demo-individual'),
        expect: viewAs,
      },
    ],
    'DELETE /api/my-data/exports/{id}': () => [
      {
        label: 'an export that is no one’s',
        call: () => ({ method: 'DELETE', url: '/api/my-data/exports/no-such-export' }),
        expect: (role) => (!signedIn(role) ? 401 : role === 'stranger' ? 404 : 403),
      },
    ],
    'POST /api/my-data/exports/{id}/files/{name}/link': () => [
      {
        label: 'a file of an export that is no one’s',
        call: () => post('/api/my-data/exports/no-such-export/files/bundle.json/link'),
        expect: (role) => (!signedIn(role) ? 401 : role === 'stranger' ? 404 : 403),
      },
    ],
    'GET /api/my-data/exports/{id}/files/{name}': () => [
      {
        label: 'a link whose signature is wrong, whoever follows it',
        call: () =>
          get('/api/my-data/exports/no-such-export/files/bundle.json?expires=1&signature=x'),
        expect: () => 403,
      },
    ],
    'POST /api/lab/reports': () => [
      // A person's access token is not a lab key.
      { label: 'lab keys only', call: () => post('/api/lab/reports', {}), expect: () => 401 },
    ],
    'POST /api/lab/raw-files': () => [
      {
        label: 'lab keys only',
        call: () => post('/api/lab/raw-files?individualOrderId=x&fileName=x.vcf.gz', {}),
        expect: () => 401,
      },
    ],
    'POST /api/admin/lab-keys': () => [
      {
        label: 'admins only',
        call: () => post('/api/admin/lab-keys', { name: 'Matrix' }),
        expect: adminOnly,
      },
    ],
    'GET /api/admin/lab-keys': () => [
      { label: 'admins only', call: () => get('/api/admin/lab-keys'), expect: adminOnly },
    ],
    'DELETE /api/admin/lab-keys/{id}': () => [
      {
        label: 'admins only',
        call: (role) => ({
          method: 'DELETE',
          url: `/api/admin/lab-keys/${ids.labKeys[role === 'staff' ? 0 : 1] ?? ''}`,
        }),
        expect: adminOnly,
      },
    ],
    'GET /api/reports/{id}': () => [
      {
        label: "the couple's joint report",
        call: () => get(`/api/reports/${ids.jointReport}`),
        expect: (role) =>
          !signedIn(role) ? 401 : asPatient(role) || role === 'partner' ? 'ok' : 404,
        foreignTo: ['stranger', 'staff', 'primaryAdmin'],
      },
      {
        label: "the patient's individual report",
        call: () => get(`/api/reports/${ids.patientIndividualReport}`),
        expect: (role) => (!signedIn(role) ? 401 : asPatient(role) ? 'ok' : 404),
        foreignTo: everyoneButPatient,
      },
      {
        label: "the stranger's report",
        call: () => get(`/api/reports/${ids.strangerIndividualReport}`),
        expect: (role) => (!signedIn(role) ? 401 : role === 'stranger' ? 'ok' : 404),
        foreignTo: everyoneButStranger,
      },
      {
        label: 'the joint report, viewed as the patient',
        call: () => get(`/api/reports/${ids.jointReport}?asUser=demo-mother`),
        expect: viewAs,
      },
    ],
    'GET /api/individual_reports/{id}': () => [
      {
        label: "the patient's order",
        call: () => get(`/api/individual_reports/${demoOrders.mother}`),
        expect: (role) => (!signedIn(role) ? 401 : asPatient(role) ? 'ok' : 404),
        foreignTo: everyoneButPatient,
      },
      {
        label: "the stranger's order",
        call: () => get(`/api/individual_reports/${demoOrders.individual}`),
        expect: (role) => (!signedIn(role) ? 401 : role === 'stranger' ? 'ok' : 404),
        foreignTo: everyoneButStranger,
      },
    ],
    'PATCH /api/individual_reports/{id}/activate': () => [
      {
        label: "the patient's order",
        call: () => ({
          method: 'PATCH',
          url: `/api/individual_reports/${demoOrders.mother}/activate`,
        }),
        expect: (role) => (!signedIn(role) ? 401 : asPatient(role) ? 'ok' : 404),
        foreignTo: everyoneButPatient,
      },
      {
        label: "the stranger's order",
        call: () => ({
          method: 'PATCH',
          url: `/api/individual_reports/${demoOrders.individual}/activate`,
        }),
        expect: (role) => (!signedIn(role) ? 401 : role === 'stranger' ? 'ok' : 404),
        foreignTo: everyoneButStranger,
      },
    ],
    // Terms and kit activation: staff read as the patient; only the patient accepts.
    'GET /api/terms': () => [
      { label: 'own terms', call: () => get('/api/terms'), expect: onlySignedIn },
      {
        label: "the patient's, viewed as the patient",
        call: () => get('/api/terms?asUser=demo-mother'),
        expect: viewAs,
      },
    ],
    'POST /api/terms/{document}/accept': () => [
      {
        label: 'own acceptance',
        call: () => ({ method: 'POST', url: '/api/terms/tos/accept', body: { version: '1.0' } }),
        expect: (role) => (!signedIn(role) ? 401 : role === 'impersonating' ? 403 : 'ok'),
      },
    ],
    'GET /api/kits': () => [
      { label: 'own kits', call: () => get('/api/kits'), expect: onlySignedIn },
      {
        label: "the patient's, viewed as the patient",
        call: () => get('/api/kits?asUser=demo-mother'),
        expect: viewAs,
      },
    ],
    'POST /api/kits/lookup': () => [
      {
        label: "the couple's kit",
        call: () => ({ method: 'POST', url: '/api/kits/lookup', body: { kitId: demoKits.mother } }),
        expect: (role) =>
          !signedIn(role) ? 401 : asPatient(role) || role === 'partner' ? 'ok' : 404,
        foreignTo: ['stranger', 'staff', 'primaryAdmin'],
      },
    ],
    'PATCH /api/accounts/{id}/activate': () => [
      {
        label: "the couple's kits",
        call: () => ({
          method: 'PATCH',
          url: `/api/accounts/${demoCoupleAccountId}/activate`,
          body: { motherKitId: demoKits.mother, fatherKitId: demoKits.father },
        }),
        expect: (role) =>
          !signedIn(role) ? 401 : asPatient(role) || role === 'partner' ? 'ok' : 404,
        foreignTo: ['stranger', 'staff', 'primaryAdmin'],
      },
    ],
    // Orders after payment: the demo couple's order is the patient's (the partner
    // shares it), the demo individual's the stranger's.
    'GET /api/orders': () => [
      { label: 'own orders', call: () => get('/api/orders'), expect: onlySignedIn },
      {
        label: "the patient's, viewed as the patient",
        call: () => get('/api/orders?asUser=demo-mother'),
        expect: viewAs,
      },
    ],
    'GET /api/orders/{id}': () => [
      {
        label: "the couple's order",
        call: () => get('/api/orders/demo-purchase-couple'),
        expect: (role) =>
          !signedIn(role) ? 401 : asPatient(role) || role === 'partner' ? 'ok' : 404,
        foreignTo: ['stranger', 'staff', 'primaryAdmin'],
      },
      {
        label: "the stranger's order",
        call: () => get('/api/orders/demo-purchase-individual'),
        expect: (role) => (!signedIn(role) ? 401 : role === 'stranger' ? 'ok' : 404),
        foreignTo: everyoneButStranger,
      },
      {
        label: "the couple's order, viewed as the patient",
        call: () => get('/api/orders/demo-purchase-couple?asUser=demo-mother'),
        expect: viewAs,
      },
    ],
    // Kits on /delivery and /return-shipping (ADR 020): the order /orders shows, kit by kit. The
    // demo couple's kits have long shipped, so their address and label answer 409 to the owner.
    'GET /api/deliveries': () => [
      { label: 'own kits', call: () => get('/api/deliveries'), expect: onlySignedIn },
      {
        label: "the patient's, viewed as the patient",
        call: () => get('/api/deliveries?asUser=demo-mother'),
        expect: viewAs,
      },
    ],
    'PUT /api/kits/{id}/address': () => [
      {
        label: "the mother's kit, shipped",
        call: () => ({
          method: 'PUT',
          url: `/api/kits/${demoKits.mother}/address`,
          body: {
            name: 'Maya Demo',
            line1: '1 Other Street',
            city: 'Springfield',
            state: 'IL',
            zip: '62701',
          },
        }),
        expect: (role) =>
          !signedIn(role)
            ? 401
            : role === 'impersonating'
              ? 403
              : role === 'patient'
                ? 'refused'
                : 404,
        foreignTo: ['partner', 'stranger', 'staff', 'primaryAdmin'],
      },
    ],
    'GET /api/kits/{id}/return-label': () => [
      {
        label: "the mother's kit, its sample long at the lab",
        call: () => get(`/api/kits/${demoKits.mother}/return-label`),
        expect: (role) => (!signedIn(role) ? 401 : asPatient(role) ? 'refused' : 404),
        foreignTo: ['partner', 'stranger', 'staff', 'primaryAdmin'],
      },
      {
        label: "the mother's kit, viewed as the patient",
        call: () => get(`/api/kits/${demoKits.mother}/return-label?asUser=demo-mother`),
        expect: (role) => (!signedIn(role) ? 401 : isAdmin(role) ? 'refused' : 403),
      },
    ],
    // Public: the shipping provider's signature decides (ADR 044), whoever sends it.
    'POST /api/shipping/webhook': () => [
      { label: 'unsigned', call: () => shippingWebhookCall(null), expect: () => 400 },
      {
        label: 'a wrong signature',
        call: () => shippingWebhookCall('t=1,v1=00'),
        expect: () => 400,
      },
      {
        label: 'signed, for a shipment that is not one of ours',
        call: () =>
          shippingWebhookCall(
            signTestWebhook(shippingEvent, TEST_SHIPPING_SECRET, Math.floor(Date.now() / 1000)),
          ),
        expect: () => 'ok',
      },
    ],
    // The journey: the caller's own tests; staff may read a patient's.
    'GET /api/journey': () => [
      { label: 'own journey', call: () => get('/api/journey'), expect: onlySignedIn },
      {
        label: "the patient's, viewed as the patient",
        call: () => get('/api/journey?asUser=demo-mother'),
        expect: viewAs,
      },
    ],
    // Health surveys (ADR 013): own answers only; staff read a patient's but never answer.
    // The demo people all have reports, so their surveys are locked: every save is refused.
    'GET /api/health-survey': () => [
      { label: 'own survey', call: () => get('/api/health-survey'), expect: onlySignedIn },
      {
        label: "the patient's, viewed as the patient",
        call: () => get('/api/health-survey?asUser=demo-mother'),
        expect: viewAs,
      },
    ],
    'GET /api/health-survey/questionnaires/{variant}': () => [
      {
        label: 'signed-in users',
        call: () => get('/api/health-survey/questionnaires/saliva-mother'),
        expect: onlySignedIn,
      },
    ],
    'GET /api/health-survey/{variant}/response': () => [
      {
        label: 'own answers',
        call: () => get('/api/health-survey/saliva-mother/response'),
        expect: onlySignedIn,
      },
      {
        label: "the patient's, viewed as the patient",
        call: () => get('/api/health-survey/saliva-mother/response?asUser=demo-mother'),
        expect: viewAs,
      },
    ],
    'GET /api/health-survey/{variant}/response.json': () => [
      {
        // The demo mother has submitted hers (seed.ts); nobody else has answered this variant.
        label: 'own answers, the demo mother’s submitted',
        call: () => get('/api/health-survey/saliva-mother/response.json'),
        expect: (role) => (!signedIn(role) ? 401 : asPatient(role) ? 'ok' : 404),
      },
    ],
    'PUT /api/health-survey/{variant}/response': () => [
      {
        // Staff have no report, so their own empty save goes through.
        label: 'own answers, locked by a report (not for staff)',
        call: () => ({
          method: 'PUT',
          url: '/api/health-survey/saliva-mother/response',
          body: { revision: 0, answers: {} },
        }),
        expect: (role) =>
          !signedIn(role) ? 401 : role === 'impersonating' ? 403 : isAdmin(role) ? 'ok' : 'refused',
      },
      {
        label: "the patient's, as staff viewing them",
        call: () => ({
          method: 'PUT',
          url: '/api/health-survey/saliva-mother/response?asUser=demo-mother',
          body: { revision: 0, answers: {} },
        }),
        expect: (role) => (!signedIn(role) ? 401 : 403),
      },
    ],
    'POST /api/health-survey/{variant}/submit': () => [
      {
        label: 'own survey, locked by a report',
        call: () => post('/api/health-survey/saliva-mother/submit'),
        expect: (role) => (!signedIn(role) ? 401 : role === 'impersonating' ? 403 : 'refused'),
      },
    ],
    'GET /api/admin/orders': () => [
      { label: 'admins only', call: () => get('/api/admin/orders?q=demo'), expect: adminOnly },
    ],
    'GET /api/admin/orders.csv': () => [
      { label: 'admins only', call: () => get('/api/admin/orders.csv'), expect: adminOnly },
    ],
    // Partner invitations and sharing (ADR 015). The demo couple has both partners already.
    'GET /api/invitations/pending': () => [
      {
        label: 'own invitations',
        call: () => get('/api/invitations/pending'),
        expect: onlySignedIn,
      },
    ],
    'GET /api/invitations/{key}': () => [
      {
        label: 'public; an unknown link',
        call: () => get('/api/invitations/not-a-token'),
        expect: () => 404,
      },
    ],
    'POST /api/invitations/{key}/accept': () => [
      {
        label: 'an unknown link',
        call: () => post('/api/invitations/not-a-token/accept'),
        expect: (role) => (!signedIn(role) ? 401 : role === 'impersonating' ? 403 : 404),
      },
    ],
    'GET /api/partner': () => [
      { label: 'own accounts', call: () => get('/api/partner'), expect: onlySignedIn },
      {
        label: "the patient's, viewed as the patient",
        call: () => get('/api/partner?asUser=demo-mother'),
        expect: viewAs,
      },
    ],
    'GET /api/partner/individual-reports': () => [
      {
        label: 'shared with me',
        call: () => get('/api/partner/individual-reports'),
        expect: onlySignedIn,
      },
    ],
    'POST /api/partner/{accountId}/invitation': () => [
      {
        label: "the couple's account, whose partner has joined",
        call: (role) =>
          post(`/api/partner/${demoCoupleAccountId}/invitation`, {
            firstName: 'Matrix',
            lastName: 'Partner',
            email: `matrix-invite-${role}@example.org`,
          }),
        expect: (role) =>
          !signedIn(role) ? 401 : role === 'stranger' || isAdmin(role) ? 404 : 'refused',
        foreignTo: ['stranger', 'staff', 'primaryAdmin'],
      },
    ],
    'POST /api/partner/{accountId}/invitation/resend': () => [
      {
        label: "the couple's account, with no open invitation",
        call: () => post(`/api/partner/${demoCoupleAccountId}/invitation/resend`),
        expect: (role) =>
          !signedIn(role) ? 401 : role === 'stranger' || isAdmin(role) ? 404 : 'refused',
        foreignTo: ['stranger', 'staff', 'primaryAdmin'],
      },
    ],
    'POST /api/partner/{accountId}/invitation/cancel': () => [
      {
        label: "the couple's account, with no open invitation",
        call: () => post(`/api/partner/${demoCoupleAccountId}/invitation/cancel`),
        expect: (role) =>
          !signedIn(role) ? 401 : role === 'stranger' || isAdmin(role) ? 404 : 'refused',
        foreignTo: ['stranger', 'staff', 'primaryAdmin'],
      },
    ],
    'PUT /api/partner/{accountId}/sharing': () => [
      {
        // Off, as it is: the individual-report rows above stay true.
        label: "the couple's account; the person's own choice",
        call: () => ({
          method: 'PUT',
          url: `/api/partner/${demoCoupleAccountId}/sharing`,
          body: { sharesIndividual: false },
        }),
        expect: (role) =>
          !signedIn(role)
            ? 401
            : role === 'impersonating'
              ? 403
              : role === 'stranger' || isAdmin(role)
                ? 404
                : 'ok',
        foreignTo: ['stranger', 'staff', 'primaryAdmin'],
      },
    ],
    'POST /api/admin/orders/{id}/events': () => [
      {
        // The stage it is at already: nothing changes.
        label: 'admins only',
        call: () => post('/api/admin/orders/demo-purchase-in-lab/events', { stage: 'in-lab' }),
        expect: adminOnly,
      },
    ],
    'POST /api/admin/orders/{id}/refund': () => [
      {
        // Its kit has shipped: admins get as far as the 409, others not that far.
        label: 'admins only',
        call: () => post('/api/admin/orders/demo-purchase-shipped/refund'),
        expect: (role) => (!signedIn(role) ? 401 : isAdmin(role) ? 'refused' : 403),
      },
    ],
    'POST /api/lab/orders/{id}/events': () => [
      // A person's access token is not a lab key.
      {
        label: 'lab keys only',
        call: () => post('/api/lab/orders/demo-purchase-in-lab/events', { stage: 'in-lab' }),
        expect: () => 401,
      },
    ],
    'GET /api/user/documents': () => [
      { label: 'own documents', call: () => get('/api/user/documents'), expect: onlySignedIn },
      {
        label: "the patient's, viewed as the patient",
        call: () => get('/api/user/documents?asUser=demo-mother'),
        expect: viewAs,
      },
    ],
    'POST /api/user/documents/{id}/session': () => [
      {
        label: "the patient's document",
        call: () => post(`/api/user/documents/${ids.patientDocument}/session`),
        expect: (role) => (!signedIn(role) ? 401 : asPatient(role) ? 'ok' : 404),
        foreignTo: everyoneButPatient,
      },
      {
        label: "the stranger's document",
        call: () => post(`/api/user/documents/${ids.strangerDocument}/session`),
        expect: (role) => (!signedIn(role) ? 401 : role === 'stranger' ? 'ok' : 404),
        foreignTo: everyoneButStranger,
      },
    ],
    'GET /api/documents/view/{token}': () => [
      // The link itself is the permission; a made-up one shows nothing.
      {
        label: 'a made-up link',
        call: () => get(`/api/documents/view/${'x'.repeat(43)}`),
        expect: () => 404,
      },
    ],
    'POST /api/user/archive': () => [
      {
        label: 'own archive',
        call: () => ({
          method: 'POST',
          url: '/api/user/archive',
          headers: { accept: 'application/zip' },
        }),
        expect: onlySignedIn,
      },
    ],
    'GET /api/demo/embryo-reports/{variant}': () => [
      {
        label: 'demo accounts and staff only',
        call: () => get('/api/demo/embryo-reports/standard'),
        expect: (role) => (!signedIn(role) ? 401 : isAdmin(role) ? 'ok' : 403),
      },
    ],
    'GET /api/products': () => [
      { label: 'public', call: () => get('/api/products'), expect: () => 'ok' },
    ],
    'PUT /api/admin/products/{code}': () => [
      {
        label: 'admins only',
        call: () => ({
          method: 'PUT',
          url: '/api/admin/products/individual',
          body: {
            priceCents: 79_900,
            description: 'Screening for you alone.',
            includes: ['One saliva kit'],
            turnaroundDays: 21,
          },
        }),
        expect: adminOnly,
      },
    ],
    'GET /api/admin/discount-codes': () => [
      { label: 'admins only', call: () => get('/api/admin/discount-codes'), expect: adminOnly },
    ],
    'POST /api/admin/discount-codes': () => [
      {
        label: 'admins only',
        call: (role) =>
          post('/api/admin/discount-codes', { code: `MATRIX-${role}`, percentOff: 5 }),
        expect: adminOnly,
      },
    ],
    'PATCH /api/admin/discount-codes/{code}': () => [
      {
        label: 'admins only',
        call: () => ({
          method: 'PATCH',
          url: '/api/admin/discount-codes/MATRIX',
          body: { active: true },
        }),
        expect: adminOnly,
      },
    ],
    // The risk calculator's starting values (the lab's, the same for everyone); staff set them.
    'GET /api/risk-calculator/conditions': () => [
      {
        label: 'signed-in users',
        call: () => get('/api/risk-calculator/conditions'),
        expect: onlySignedIn,
      },
      {
        label: 'viewed as the patient',
        call: () => get('/api/risk-calculator/conditions?asUser=demo-mother'),
        expect: viewAs,
      },
    ],
    'PUT /api/admin/risk-conditions/{code}': () => [
      {
        label: 'admins only',
        call: () => ({
          method: 'PUT',
          url: '/api/admin/risk-conditions/asthma',
          body: { prevalence: 0.09, r2: null, heritability: null, note: 'Matrix' },
        }),
        expect: adminOnly,
      },
    ],
    'DELETE /api/admin/risk-conditions/{code}': () => [
      {
        label: 'admins only',
        call: () => ({ method: 'DELETE', url: '/api/admin/risk-conditions/asthma' }),
        expect: adminOnly,
      },
    ],
    // Sensitive results (ADR 022): staff keep the rules; each person releases their own. Gene
    // symbols that no demo report holds, so the rules change nothing the other rows read.
    'GET /api/admin/sensitive-rules': () => [
      { label: 'admins only', call: () => get('/api/admin/sensitive-rules'), expect: adminOnly },
    ],
    'POST /api/admin/sensitive-rules': () => [
      {
        label: 'admins only',
        call: (role) =>
          post('/api/admin/sensitive-rules', {
            kind: 'gene',
            code: `MATRIX${String(roles.indexOf(role))}`,
            note: 'Matrix',
          }),
        expect: adminOnly,
      },
    ],
    'DELETE /api/admin/sensitive-rules/{id}': () => [
      {
        label: 'admins only (no such rule: 404)',
        call: () => ({ method: 'DELETE', url: '/api/admin/sensitive-rules/no-such-rule' }),
        expect: (role) => (!signedIn(role) ? 401 : isAdmin(role) ? 404 : 403),
      },
    ],
    'POST /api/reports/{id}/sensitive-release': () => [
      {
        label:
          "the couple's joint report (it holds no sensitive result: 409); never while impersonating",
        call: () => post(`/api/reports/${ids.jointReport}/sensitive-release`),
        expect: (role) =>
          !signedIn(role)
            ? 401
            : role === 'impersonating'
              ? 403
              : role === 'patient' || role === 'partner'
                ? 'refused'
                : 404,
        foreignTo: ['stranger', 'staff', 'primaryAdmin'],
      },
      {
        label: "the stranger's report",
        call: () => post(`/api/reports/${ids.strangerIndividualReport}/sensitive-release`),
        expect: (role) =>
          !signedIn(role)
            ? 401
            : role === 'impersonating'
              ? 403
              : role === 'stranger'
                ? 'refused'
                : 404,
        foreignTo: ['patient', 'partner', 'staff', 'primaryAdmin'],
      },
    ],
    // Counseling appointments (ADR 019): each person books, moves and cancels their own; staff
    // keep the counselors and see the day's appointments.
    'GET /api/appointments/slots': () => [
      {
        label: 'signed-in users',
        call: () =>
          get(
            `/api/appointments/slots?from=${new Date().toISOString()}&to=${new Date(Date.now() + 7 * 86_400_000).toISOString()}`,
          ),
        expect: onlySignedIn,
      },
    ],
    'GET /api/appointments': () => [
      { label: 'own appointments', call: () => get('/api/appointments'), expect: onlySignedIn },
      {
        label: 'viewed as the patient',
        call: () => get('/api/appointments?asUser=demo-mother'),
        expect: viewAs,
      },
    ],
    'POST /api/appointments': () => [
      {
        label: 'a free slot for oneself; never while impersonating',
        call: (role) =>
          post('/api/appointments', {
            counselorId: ids.counselor,
            startsAt: ids.slots[10 + roles.indexOf(role)],
            method: 'phone',
            phone: '5551234567',
          }),
        expect: (role) => (!signedIn(role) ? 401 : role === 'impersonating' ? 403 : 'ok'),
      },
    ],
    'POST /api/appointments/{id}/reschedule': () => [
      {
        label: "the patient's appointment",
        call: () =>
          post(`/api/appointments/${ids.patientAppointment}/reschedule`, {
            counselorId: ids.counselor,
            startsAt: ids.slots[30],
          }),
        expect: (role) =>
          !signedIn(role) ? 401 : role === 'impersonating' ? 403 : role === 'patient' ? 'ok' : 404,
        foreignTo: everyoneButPatient,
      },
      {
        label: "the stranger's appointment",
        call: () =>
          post(`/api/appointments/${ids.strangerAppointment}/reschedule`, {
            counselorId: ids.counselor,
            startsAt: ids.slots[31],
          }),
        expect: (role) =>
          !signedIn(role) ? 401 : role === 'impersonating' ? 403 : role === 'stranger' ? 'ok' : 404,
        foreignTo: ['patient', 'partner', 'staff', 'primaryAdmin'],
      },
    ],
    'POST /api/appointments/{id}/cancel': () => [
      {
        label: "the patient's appointment",
        call: () => post(`/api/appointments/${ids.patientCancelAppointment}/cancel`),
        expect: (role) =>
          !signedIn(role) ? 401 : role === 'impersonating' ? 403 : role === 'patient' ? 'ok' : 404,
        foreignTo: everyoneButPatient,
      },
    ],
    'GET /api/admin/counselors': () => [
      { label: 'admins only', call: () => get('/api/admin/counselors'), expect: adminOnly },
    ],
    'POST /api/admin/counselors': () => [
      {
        label: 'admins only',
        call: () => post('/api/admin/counselors', matrixCounselor),
        expect: adminOnly,
      },
    ],
    'PUT /api/admin/counselors/{id}': () => [
      {
        label: 'admins only',
        call: () => ({
          method: 'PUT',
          url: `/api/admin/counselors/${ids.counselor}`,
          body: matrixCounselor,
        }),
        expect: adminOnly,
      },
    ],
    'PUT /api/admin/counselors/{id}/availability': () => [
      {
        label: 'admins only',
        call: () => ({
          method: 'PUT',
          url: `/api/admin/counselors/${ids.counselor}/availability`,
          body: matrixHours,
        }),
        expect: adminOnly,
      },
    ],
    'GET /api/admin/appointments': () => [
      {
        label: 'admins only',
        call: () => get('/api/admin/appointments?date=2026-03-04&timeZone=UTC'),
        expect: adminOnly,
      },
    ],
    // The clinic directory (ADR 021): anyone signed in searches it and marks their own clinic;
    // staff keep the clinics.
    'GET /api/clinics': () => [
      {
        label: 'signed-in users',
        call: () => get('/api/clinics?query=10001'),
        expect: onlySignedIn,
      },
      {
        label: 'viewed as the patient',
        call: () => get('/api/clinics?asUser=demo-mother'),
        expect: viewAs,
      },
    ],
    'GET /api/user/clinic': () => [
      { label: 'own clinic', call: () => get('/api/user/clinic'), expect: onlySignedIn },
      {
        label: 'viewed as the patient',
        call: () => get('/api/user/clinic?asUser=demo-mother'),
        expect: viewAs,
      },
    ],
    'PUT /api/user/clinic': () => [
      {
        label: 'an active clinic for oneself; never while impersonating',
        call: () => ({
          method: 'PUT',
          url: '/api/user/clinic',
          body: { clinicId: 'demo-clinic-hudson' },
        }),
        expect: (role) => (!signedIn(role) ? 401 : role === 'impersonating' ? 403 : 'ok'),
      },
      {
        label: 'a clinic that does not exist',
        call: () => ({ method: 'PUT', url: '/api/user/clinic', body: { clinicId: 'no-such' } }),
        expect: (role) => (!signedIn(role) ? 401 : role === 'impersonating' ? 403 : 404),
      },
    ],
    'DELETE /api/user/clinic': () => [
      {
        label: 'own choice; never while impersonating',
        call: () => ({ method: 'DELETE', url: '/api/user/clinic' }),
        expect: (role) => (!signedIn(role) ? 401 : role === 'impersonating' ? 403 : 'ok'),
      },
    ],
    // Sharing with one's clinic (ADR 026): the consent is the person's own; the clinic's link
    // needs no sign-in and opens nothing without a working token.
    'PUT /api/user/clinic/sharing': () => [
      {
        label: 'own consent; never while impersonating',
        call: () => ({ method: 'PUT', url: '/api/user/clinic/sharing', body: { share: false } }),
        expect: (role) => (!signedIn(role) ? 401 : role === 'impersonating' ? 403 : 'ok'),
      },
    ],
    'GET /api/clinic-shares/{token}': () => [
      {
        label: 'public; an unknown link',
        call: () => get('/api/clinic-shares/not-a-real-link-token-000000'),
        expect: () => 404,
      },
    ],
    'GET /api/clinic-shares/{token}/reports/{reportId}': () => [
      {
        label: 'public; an unknown link',
        call: () => get('/api/clinic-shares/not-a-real-link-token-000000/reports/demo-report'),
        expect: () => 404,
      },
    ],
    'GET /api/admin/mail': () => [
      { label: 'admins only', call: () => get('/api/admin/mail'), expect: adminOnly },
    ],
    'POST /api/admin/mail/{id}/send-again': () => [
      {
        label: 'admins only; an id that is no failed mail is 404',
        call: () => post('/api/admin/mail/no-such-mail/send-again', {}),
        expect: (role) => (!signedIn(role) ? 401 : isAdmin(role) ? 404 : 403),
      },
    ],
    'GET /api/admin/clinics': () => [
      { label: 'admins only', call: () => get('/api/admin/clinics'), expect: adminOnly },
    ],
    'POST /api/admin/clinics': () => [
      {
        label: 'admins only',
        call: () => post('/api/admin/clinics', matrixClinic),
        expect: adminOnly,
      },
    ],
    'PUT /api/admin/clinics/{id}': () => [
      {
        label: 'admins only',
        call: () => ({
          method: 'PUT',
          url: '/api/admin/clinics/demo-clinic-sunset',
          body: { ...matrixClinic, name: 'Sunset Coast IVF' },
        }),
        expect: adminOnly,
      },
    ],
    'POST /api/checkout/quote': () => [
      {
        label: 'any signed-in person',
        call: () => post('/api/checkout/quote', { product: 'couple' }),
        expect: onlySignedIn,
      },
    ],
    'POST /api/checkout': () => [
      {
        label: 'own purchase; never while impersonating',
        call: (role) =>
          post('/api/checkout', {
            product: 'individual',
            idempotencyKey: `matrix-${role}-${kind}-checkout-key`,
            shipping: {
              buyer: {
                name: 'Matrix',
                line1: '1 Main St',
                city: 'Austin',
                state: 'TX',
                zip: '78701',
              },
            },
          }),
        expect: (role) => (!signedIn(role) ? 401 : role === 'impersonating' ? 403 : 'ok'),
      },
    ],
    'GET /api/checkout/{id}': () => [
      {
        label: "the patient's checkout",
        call: () => get(`/api/checkout/${ids.patientCheckout}`),
        expect: (role) => (!signedIn(role) ? 401 : asPatient(role) ? 'ok' : 404),
        foreignTo: everyoneButPatient,
      },
      {
        label: "the stranger's checkout",
        call: () => get(`/api/checkout/${ids.strangerCheckout}`),
        expect: (role) => (!signedIn(role) ? 401 : role === 'stranger' ? 'ok' : 404),
        foreignTo: everyoneButStranger,
      },
    ],
    'POST /api/checkout/{id}/cancel': () => [
      {
        label: "the patient's checkout",
        call: () => post(`/api/checkout/${ids.patientCancelCheckout}/cancel`),
        expect: (role) => (!signedIn(role) ? 401 : asPatient(role) ? 'ok' : 404),
        foreignTo: everyoneButPatient,
      },
    ],
    'POST /api/checkout/{id}/test-payment': () => [
      {
        // A declined card: the patient is answered 402, refused; nobody else gets that far.
        label: "the patient's checkout",
        call: () =>
          post(`/api/checkout/${ids.patientCheckout}/test-payment`, {
            number: '4000000000000002',
            expiry: '12/40',
            cvc: '123',
          }),
        expect: (role) =>
          !signedIn(role)
            ? 401
            : role === 'impersonating'
              ? 403
              : role === 'patient'
                ? 'refused'
                : 404,
        foreignTo: everyoneButPatient,
      },
    ],
    'POST /api/checkout/{id}/test-payment/confirm': () => [
      {
        // Nothing waits for a confirmation: the patient is answered 409.
        label: "the patient's checkout",
        call: () =>
          post(`/api/checkout/${ids.patientCheckout}/test-payment/confirm`, { approve: true }),
        expect: (role) =>
          !signedIn(role)
            ? 401
            : role === 'impersonating'
              ? 403
              : role === 'patient'
                ? 'refused'
                : 404,
        foreignTo: everyoneButPatient,
      },
    ],
  };

  /** Rows that end sessions run last, each call on a session made for it. */
  const lastRows: Record<string, (role: Role) => { call: Call; expected: Expected }> = {
    'DELETE /api/user/sessions/others': (role) => ({
      call: { method: 'DELETE', url: '/api/user/sessions/others' },
      expected: !signedIn(role) ? 401 : role === 'impersonating' ? 403 : 'ok',
    }),
    'DELETE /api/admin/impersonation': (role) => ({
      call: { method: 'DELETE', url: '/api/admin/impersonation' },
      expected: !signedIn(role) ? 401 : role === 'impersonating' ? 'ok' : 'refused',
    }),
    'POST /api/user/sign-out': (role) => ({
      call: { method: 'POST', url: '/api/user/sign-out' },
      expected: onlySignedIn(role),
    }),
  };

  function get(url: string): Call {
    return { method: 'GET', url };
  }
  function post(url: string, body?: unknown): Call {
    return { method: 'POST', url, ...(body === undefined ? {} : { body }) };
  }

  /**
   * The writes staff impersonating a patient may make (ADR 007): they serve seeing, or end
   * the impersonation. Every other route but a read answers them 403.
   */
  const writesWhileImpersonating = new Set([
    'POST /api/user/token',
    'POST /api/user/sign-out',
    'DELETE /api/admin/impersonation',
    'POST /api/user/documents/{id}/session',
    'POST /api/user/archive',
    'POST /api/checkout/quote',
    'POST /api/kits/lookup',
  ]);
  /** Public routes, which read no token: impersonation does not reach them. */
  const publicWrites = new Set([
    'POST /api/auth/sign-in/email',
    'POST /api/auth/sign-up/email',
    'POST /api/user/email/confirm',
    'POST /api/user/password/reset',
    'POST /api/lab/reports',
    'POST /api/lab/raw-files',
    'POST /api/lab/orders/{id}/events',
    'POST /api/payments/stripe/webhook',
    'POST /api/shipping/webhook',
  ]);
  const refusedWhileImpersonating = (route: string) =>
    !/^(GET|HEAD) /.test(route) && !writesWhileImpersonating.has(route) && !publicWrites.has(route);

  /** Routes whose 401 answers the credentials in the body: a spoiled body is a 400 there. */
  const credentialRoutes = new Set(['POST /api/auth/sign-in/email']);

  /** The call with a query and a body no schema takes. */
  function spoil(call: Call): Call {
    const [path = call.url] = call.url.split('?');
    return {
      ...call,
      url: `${path}?page=-1&date=never&asUser=${'x'.repeat(300)}`,
      ...(call.method === 'GET' || call.method === 'DELETE'
        ? {}
        : { body: { unexpected: [1, { deeper: true }], prevalence: 'lots' } }),
    };
  }

  let address = 0;
  async function send(role: Role, call: Call, token = tokens.get(role), server: App = app) {
    address += 1;
    return server.inject({
      method: call.method,
      url: call.url,
      // Each call from its own address, so that the per-address limits do not decide.
      remoteAddress: `10.${String(Math.floor(address / 250) + 100)}.${String(address % 250)}.1`,
      headers: {
        origin: TEST_ORIGIN,
        ...(role === 'anonymous' || token === undefined
          ? {}
          : { authorization: `Bearer ${token}` }),
        ...call.headers,
      },
      ...(call.body === undefined
        ? {}
        : { payload: typeof call.body === 'string' ? call.body : (call.body as object) }),
    });
  }

  function check(
    problems: string[],
    where: string,
    response: { statusCode: number; headers: Record<string, unknown> },
    expected: Expected,
    foreign: boolean,
  ) {
    const status = response.statusCode;
    const ok = status >= 200 && status < 300;
    if (status >= 500) problems.push(`${where}: ${String(status)}, a server error`);
    if (response.headers['cache-control'] !== 'no-store') {
      problems.push(`${where}: Cache-Control ${String(response.headers['cache-control'])}`);
    }
    if (foreign && status !== 404) {
      problems.push(`${where}: another person's id answered ${String(status)}, not 404`);
    }
    const matches =
      expected === 'ok'
        ? ok
        : expected === 'refused'
          ? status >= 400 && status < 500
          : status === expected;
    if (!matches) problems.push(`${where}: ${String(status)}, expected ${String(expected)}`);
  }

  it('covers every route of the OpenAPI document, those a setting turns on included', async () => {
    const routes = new Set<string>();
    for (const server of [app, stripeApp]) {
      const document = (await server.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
        paths: Record<string, Record<string, unknown>>;
      }>();
      for (const [path, methods] of Object.entries(document.paths)) {
        for (const method of Object.keys(methods)) routes.add(`${method.toUpperCase()} ${path}`);
      }
    }
    const covered = new Set([
      ...Object.keys(matrix),
      ...Object.keys(lastRows),
      ...Object.keys(optionalRows),
    ]);
    expect(
      [...routes].filter((route) => !covered.has(route)),
      'routes without a row',
    ).toEqual([]);
    expect(
      [...covered].filter((route) => !routes.has(route)),
      'rows without a route',
    ).toEqual([]);
  });

  it('answers each caller as its row says; another person’s id is always 404', async () => {
    const problems: string[] = [];
    for (const [route, cases] of Object.entries(matrix)) {
      for (const item of cases()) {
        for (const role of roles) {
          const response = await send(role, item.call(role));
          // Impersonation is for seeing: every other write is refused, whoever's id it names.
          const refusedWrite = role === 'impersonating' && refusedWhileImpersonating(route);
          check(
            problems,
            `${route} (${item.label}) as ${role}`,
            response,
            refusedWrite ? 403 : item.expect(role),
            !refusedWrite && (item.foreignTo?.includes(role) ?? false),
          );
          // A caller who may not use the route learns nothing of its shape: the same call with
          // its query and body spoiled is refused the same way, not with the schema's words.
          // That is every refusal for who the caller is (signed out, not staff); one that
          // depends on a parameter (asUser, the subject's My Data flag) needs it valid first.
          if (
            (response.statusCode === 401 && !credentialRoutes.has(route)) ||
            (response.statusCode === 403 && route.includes(' /api/admin/'))
          ) {
            const spoiled = await send(role, spoil(item.call(role)));
            if (spoiled.statusCode !== response.statusCode) {
              problems.push(
                `${route} (${item.label}) as ${role}, spoiled: ${String(spoiled.statusCode)}, not ${String(response.statusCode)} as before`,
              );
            }
          }
        }
      }
    }
    // The routes a setting turns on, on the server that has them.
    for (const [route, rows] of Object.entries(optionalRows)) {
      for (const role of roles) {
        for (const { call, expected } of rows(role)) {
          check(
            problems,
            `${route} as ${role}`,
            await send(role, call, undefined, stripeApp),
            expected,
            false,
          );
        }
      }
    }
    // Last, each on a session made for it: what ends sessions.
    for (const [route, row] of Object.entries(lastRows)) {
      for (const role of roles) {
        const { call, expected } = row(role);
        const token = role === 'anonymous' ? undefined : await newToken(role);
        const response = await send(role, call, token);
        check(problems, `${route} as ${role}`, response, expected, false);
      }
    }
    expect(problems).toEqual([]);
  }, 180_000);

  /*
   * GET /metrics is outside /api and the OpenAPI document (ADR 045): 404 for every caller
   * without METRICS_TOKEN; with it, 401 and no data for any session's token, even an admin's,
   * and the metrics only for the metrics token itself.
   */
  it('keeps /metrics closed to every caller but the holder of the metrics token', async () => {
    const problems: string[] = [];
    for (const role of roles) {
      check(
        problems,
        `GET /metrics (off) as ${role}`,
        await send(role, get('/metrics')),
        404,
        false,
      );
      const refused = await send(role, get('/metrics'), undefined, stripeApp);
      check(problems, `GET /metrics as ${role}`, refused, 401, false);
      if (refused.body.includes('http_request_duration_seconds')) {
        problems.push(`GET /metrics as ${role}: the refusal carried metrics`);
      }
      const spoiled = await send(role, spoil(get('/metrics')), undefined, stripeApp);
      check(problems, `GET /metrics as ${role}, spoiled`, spoiled, 401, false);
    }
    const scrape = await send(
      'anonymous',
      { ...get('/metrics'), headers: { authorization: `Bearer ${metricsToken}` } },
      undefined,
      stripeApp,
    );
    check(problems, 'GET /metrics with the metrics token', scrape, 'ok', false);
    expect(scrape.body).toContain('http_request_duration_seconds');
    expect(problems).toEqual([]);
  });
});
