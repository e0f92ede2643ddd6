import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClinicsAnswerSchema,
  CLINIC_NOT_FOUND,
  clinicSchema,
  clinicSearchAnswerSchema,
  LOCATION_PAIR_MESSAGE,
  myClinicAnswerSchema,
  unknownZipMessage,
  ZIP_MESSAGE,
  ZIP_UNKNOWN_MESSAGE,
  type ClinicInput,
} from '@nestling/shared/contract/clinics';
import { journeyAnswerSchema } from '@nestling/shared/contract/journey';
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

/** A clinic of this test's own, placed at its ZIP's center unless a location is given. */
function clinicInput(name: string, city: string, state: string, zip: string): ClinicInput {
  return {
    name,
    addressLine1: '1 Test Plaza',
    addressLine2: null,
    city,
    state: state as ClinicInput['state'],
    zip,
    phone: '(555) 555-0100',
    website: 'https://clinic.example',
    active: true,
  };
}

describe.each(testDatabaseKinds)('the clinic directory on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-clinics-'));
  let adminToken = '';
  let patientToken = '';
  const ids = { nyc: '', philadelphia: '', boston: '', la: '', closed: '' };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    await createTestUser(database.db, {
      id: 'cl-patient',
      email: 'patient@clinics.test',
      firstName: 'Casey',
      lastName: 'Test',
    });
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir } });
    adminToken = await signInToken(app, 'admin@nestling.health');
    patientToken = await signInToken(app, 'patient@clinics.test');
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url,
      headers: token === '' ? {} : bearer(token),
      ...(payload === undefined ? {} : { payload }),
    });
  const message = (response: { body: string }) =>
    (JSON.parse(response.body) as { message: string }).message;
  const search = async (query: string) => {
    const response = await call(
      patientToken,
      'GET',
      `/api/clinics?query=${encodeURIComponent(query)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return clinicSearchAnswerSchema.parse(response.json());
  };
  const add = async (input: ClinicInput) => {
    const response = await call(adminToken, 'POST', '/api/admin/clinics', input);
    expect(response.statusCode, response.body).toBe(200);
    return clinicSchema.parse(response.json());
  };

  it('lets staff add clinics, placed at their ZIP’s center or where they say, and audits it', async () => {
    const nyc = await add(clinicInput('Zeta Test NYC', 'New York', 'NY', '10001'));
    expect(nyc).toMatchObject({ latitude: 40.7484, longitude: -73.9967, active: true });
    ids.nyc = nyc.id;
    ids.philadelphia = (
      await add(clinicInput('Zeta Test Philly', 'Philadelphia', 'PA', '19103'))
    ).id;
    ids.boston = (await add(clinicInput('Zeta Test Boston', 'Boston', 'MA', '02108'))).id;
    const la = await add({
      ...clinicInput('Zeta Test LA', 'Los Angeles', 'CA', '90012'),
      latitude: 34.05,
      longitude: -118.25,
    });
    expect(la).toMatchObject({ latitude: 34.05, longitude: -118.25 });
    ids.la = la.id;
    const closed = await add(clinicInput('Zeta Test Closed', 'New York', 'NY', '10001'));
    ids.closed = closed.id;
    const deactivated = await call(adminToken, 'PUT', `/api/admin/clinics/${closed.id}`, {
      ...clinicInput('Zeta Test Closed', 'New York', 'NY', '10001'),
      active: false,
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(clinicSchema.parse(deactivated.json()).active).toBe(false);

    const list = adminClinicsAnswerSchema.parse(
      (await call(adminToken, 'GET', '/api/admin/clinics')).json(),
    );
    expect(list.clinics.map((clinic) => clinic.name)).toContain('Zeta Test Closed');
    const audited = await queryRows<{ count: number | string }>(
      database,
      sql`select count(*) as count from audit_log where action = 'clinic-update'`,
    );
    expect(Number(audited[0]?.count)).toBe(6);
  });

  it('orders active clinics by great-circle miles from a ZIP, nearest first', async () => {
    const answer = await search('10001');
    expect(answer.origin).toEqual({ zip: '10001', city: 'New York', state: 'NY', source: 'query' });
    expect(answer.problem).toBeNull();
    const ours = answer.results.filter((result) => result.clinic.name.startsWith('Zeta Test'));
    expect(ours.map((result) => [result.clinic.name, result.distanceMiles])).toEqual([
      ['Zeta Test NYC', 0],
      ['Zeta Test Philly', 82.9],
      ['Zeta Test Boston', 187.8],
      ['Zeta Test LA', 2446.3],
    ]);
    const distances = answer.results.map((result) => result.distanceMiles ?? -1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // A ZIP+4 is the same search.
    expect((await search(' 10001-1234 ')).origin?.zip).toBe('10001');
  });

  it('filters by name, city or state and orders by name, without distances', async () => {
    const byName = await search('zeta test');
    expect(byName.results.map((result) => result.clinic.name)).toEqual([
      'Zeta Test Boston',
      'Zeta Test LA',
      'Zeta Test NYC',
      'Zeta Test Philly',
    ]);
    expect(byName.results.every((result) => result.distanceMiles === null)).toBe(true);
    expect(byName.origin).toBeNull();
    const byCity = (await search('philadelphia')).results.map((result) => result.clinic.name);
    expect(byCity).toContain('Zeta Test Philly');
    expect(byCity).not.toContain('Zeta Test Boston');
    const byState = (await search('Massachusetts')).results.map((result) => result.clinic.name);
    expect(byState).toContain('Zeta Test Boston');
    expect(byState.every((name) => !name.includes('Philly'))).toBe(true);
    expect((await search('MA')).results.map((result) => result.clinic.state)).toContain('MA');
    expect((await search('100% nothing')).results).toEqual([]);
  });

  it('never lists an inactive clinic', async () => {
    for (const query of ['10001', 'zeta', 'NY', '']) {
      const names = (await search(query)).results.map((result) => result.clinic.name);
      expect(names).not.toContain('Zeta Test Closed');
    }
  });

  it('says so for a ZIP it does not know', async () => {
    const answer = await search('00000');
    expect(answer).toEqual({ results: [], origin: null, problem: unknownZipMessage('00000') });
  });

  it('starts from the ZIP of the person’s shipping address when there is no query', async () => {
    const plain = await search('');
    expect(plain.origin).toBeNull();
    expect(plain.results.length).toBeGreaterThan(4);
    const rows = await queryRows<{ zip: string }>(
      database,
      sql`select k.shipping_address->>'zip' as zip from kit k join purchase_order o on o.id = k.order_id where o.user_id = 'demo-mother' order by k.created_at desc limit 1`,
    );
    const zip = rows[0]?.zip;
    if (zip === undefined) return;
    const mother = await signInToken(app, 'mother@demo.test');
    const answer = clinicSearchAnswerSchema.parse(
      (await call(mother, 'GET', '/api/clinics')).json(),
    );
    expect(answer.origin).toMatchObject({ zip: zip.slice(0, 5), source: 'shipping' });
    expect(answer.results[0]?.distanceMiles).not.toBeNull();
  });

  it('refuses a clinic with a bad ZIP, an unknown ZIP without a location, or half a location', async () => {
    const bad = await call(adminToken, 'POST', '/api/admin/clinics', {
      ...clinicInput('Bad', 'Nowhere', 'NY', '1234'),
    });
    expect(bad.statusCode).toBe(400);
    expect(message(bad)).toContain(ZIP_MESSAGE);
    const unknown = await call(adminToken, 'POST', '/api/admin/clinics', {
      ...clinicInput('Unknown', 'Nowhere', 'NY', '00000'),
    });
    expect(unknown.statusCode).toBe(400);
    expect(message(unknown)).toBe(`Invalid request: body.zip: ${ZIP_UNKNOWN_MESSAGE}`);
    const located = await add({
      ...clinicInput('Zeta Located', 'Nowhere', 'NY', '00000'),
      latitude: 40,
      longitude: -74,
    });
    expect(located.zip).toBe('00000');
    const half = await call(adminToken, 'POST', '/api/admin/clinics', {
      ...clinicInput('Half', 'New York', 'NY', '10001'),
      latitude: 40,
    });
    expect(half.statusCode).toBe(400);
    expect(message(half)).toContain(LOCATION_PAIR_MESSAGE);
    const insecure = await call(adminToken, 'POST', '/api/admin/clinics', {
      ...clinicInput('Insecure', 'New York', 'NY', '10001'),
      website: 'http://clinic.example',
    });
    expect(insecure.statusCode).toBe(400);
    const missing = await call(
      adminToken,
      'PUT',
      '/api/admin/clinics/nope',
      clinicInput('X', 'Y', 'NY', '10001'),
    );
    expect(missing.statusCode).toBe(404);
    expect(message(missing)).toBe(CLINIC_NOT_FOUND);
  });

  it('keeps the admin routes to staff', async () => {
    expect((await call(patientToken, 'GET', '/api/admin/clinics')).statusCode).toBe(403);
    const post = await call(
      patientToken,
      'POST',
      '/api/admin/clinics',
      clinicInput('P', 'Q', 'NY', '10001'),
    );
    expect(post.statusCode).toBe(403);
    const put = await call(
      patientToken,
      'PUT',
      `/api/admin/clinics/${ids.nyc}`,
      clinicInput('P', 'Q', 'NY', '10001'),
    );
    expect(put.statusCode).toBe(403);
    expect((await call('', 'GET', '/api/admin/clinics')).statusCode).toBe(401);
    expect((await call('', 'GET', '/api/clinics')).statusCode).toBe(401);
  });

  it('lets a person choose, change and clear their clinic; only an active one', async () => {
    const none = myClinicAnswerSchema.parse(
      (await call(patientToken, 'GET', '/api/user/clinic')).json(),
    );
    expect(none.clinic).toBeNull();
    for (const clinicId of [ids.closed, 'no-such-clinic']) {
      const refused = await call(patientToken, 'PUT', '/api/user/clinic', { clinicId });
      expect(refused.statusCode).toBe(404);
      expect(message(refused)).toBe(CLINIC_NOT_FOUND);
    }
    const chosen = await call(patientToken, 'PUT', '/api/user/clinic', { clinicId: ids.nyc });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(myClinicAnswerSchema.parse(chosen.json()).clinic?.name).toBe('Zeta Test NYC');
    await call(patientToken, 'PUT', '/api/user/clinic', { clinicId: ids.boston });
    const mine = myClinicAnswerSchema.parse(
      (await call(patientToken, 'GET', '/api/user/clinic')).json(),
    );
    expect(mine.clinic?.name).toBe('Zeta Test Boston');
    // Staff read it as the patient; nobody else can.
    const viewed = await call(adminToken, 'GET', '/api/user/clinic?asUser=cl-patient');
    expect(myClinicAnswerSchema.parse(viewed.json()).clinic?.id).toBe(ids.boston);
    const mother = await signInToken(app, 'mother@demo.test');
    expect((await call(mother, 'GET', '/api/user/clinic?asUser=cl-patient')).statusCode).toBe(403);
    expect(
      myClinicAnswerSchema.parse((await call(mother, 'GET', '/api/user/clinic')).json()).clinic,
    ).toBeNull();

    const cleared = await call(patientToken, 'DELETE', '/api/user/clinic');
    expect(cleared.statusCode).toBe(200);
    expect(
      myClinicAnswerSchema.parse((await call(patientToken, 'GET', '/api/user/clinic')).json())
        .clinic,
    ).toBeNull();
  });

  it('names the chosen clinic on the embryo screening journey', async () => {
    const pgtOf = async () => {
      const response = await call(adminToken, 'GET', '/api/journey?asUser=demo-embryo');
      const test = journeyAnswerSchema
        .parse(response.json())
        .tests.find((entry) => entry.kind === 'pgt');
      return (key: string) => test?.steps.find((step) => step.key === key);
    };
    expect((await pgtOf())('sample-sent')?.detail).toBe('The lab has the biopsy');
    const embryo = await signInToken(app, 'embryo@demo.test');
    expect(
      (await call(embryo, 'PUT', '/api/user/clinic', { clinicId: ids.philadelphia })).statusCode,
    ).toBe(200);
    const step = await pgtOf();
    expect(step('sample-sent')?.detail).toBe('The lab has the biopsy from Zeta Test Philly');
    await call(embryo, 'DELETE', '/api/user/clinic');
  });
});
