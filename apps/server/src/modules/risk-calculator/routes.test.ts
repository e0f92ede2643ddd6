import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ONLY } from '@nestling/shared/contract/admin';
import {
  publishedRiskConditions,
  RISK_CONDITION_UNKNOWN_MESSAGE,
  RISK_NOTE_MESSAGE,
  RISK_NOTHING_SET_MESSAGE,
  RISK_R2_ABOVE_H2_MESSAGE,
  RISK_VALUE_MESSAGE,
  riskConditionSchema,
  riskConditionsAnswerSchema,
  type RiskCondition,
} from '@nestling/shared/contract/risk-calculator';
import { conditionDefaults } from '@nestling/shared/risk/condition-defaults';
import type { App } from '../../app.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';

const NOTE = 'Lifetime risk in our patients, internal audit 2026';

describe.each(testDatabaseKinds)('the risk calculator values on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const tokens: Record<'admin' | 'patient', string> = { admin: '', patient: '' };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN } });
    tokens.admin = await signInToken(app, 'admin@nestling.health');
    tokens.patient = await signInToken(app, 'mother@demo.test');
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const message = (response: { body: string }) =>
    (JSON.parse(response.body) as { message: string }).message;
  const read = async (who: 'admin' | 'patient' | null, query = '') => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/risk-calculator/conditions${query}`,
      headers: who === null ? {} : bearer(tokens[who]),
    });
    return response;
  };
  const conditionsOf = async (who: 'admin' | 'patient') => {
    const response = await read(who);
    expect(response.statusCode).toBe(200);
    return riskConditionsAnswerSchema.parse(response.json()).conditions;
  };
  const conditionOf = async (who: 'admin' | 'patient', code: string) => {
    const found = (await conditionsOf(who)).find((condition) => condition.code === code);
    if (found === undefined) throw new Error(`No condition ${code}`);
    return found;
  };
  const put = (who: 'admin' | 'patient' | null, code: string, body: unknown) =>
    app.inject({
      method: 'PUT',
      url: `/api/admin/risk-conditions/${code}`,
      headers: who === null ? {} : bearer(tokens[who]),
      payload: body as Record<string, unknown>,
    });
  const remove = (who: 'admin' | 'patient' | null, code: string) =>
    app.inject({
      method: 'DELETE',
      url: `/api/admin/risk-conditions/${code}`,
      headers: who === null ? {} : bearer(tokens[who]),
    });
  const storedRows = () =>
    queryRows<{ code: string }>(database, sql`select code from risk_condition_setting`);

  it('gives everyone signed in the published values of every condition, in catalogue order', async () => {
    expect((await read(null)).statusCode).toBe(401);
    const published = publishedRiskConditions();
    expect(await conditionsOf('patient')).toEqual(published);
    expect(await conditionsOf('admin')).toEqual(published);
    expect(published).toHaveLength(18);
    expect(published[0]?.prevalence).toEqual({
      ...conditionDefaults.aud.prevalence,
      setByLab: false,
    });
  });

  it("lets staff set a condition's prevalence with a note; patients see it as the lab's", async () => {
    const response = await put('admin', 'scz', {
      prevalence: 0.0072,
      r2: null,
      heritability: null,
      note: `  ${NOTE}  `,
    });
    expect(response.statusCode).toBe(200);
    const answered = riskConditionSchema.parse(response.json());
    const lab = {
      value: 0.0072,
      source: `Set by your lab: ${NOTE}`,
      approximate: false,
      setByLab: true,
    };
    expect(answered).toMatchObject({
      code: 'scz',
      prevalence: lab,
      r2: { ...conditionDefaults.scz.r2, setByLab: false },
      heritability: { ...conditionDefaults.scz.heritability, setByLab: false },
      changedBy: 'admin@nestling.health',
    });
    expect(Number.isNaN(Date.parse(answered.changedAt ?? ''))).toBe(false);

    const seen: RiskCondition = await conditionOf('patient', 'scz');
    expect(seen).toEqual({ ...answered, changedBy: null });
    expect(await conditionOf('admin', 'scz')).toEqual(answered);
    // The other conditions are untouched.
    expect((await conditionOf('patient', 'bipolar')).prevalence.setByLab).toBe(false);
  });

  it('replaces the whole of a condition: a null goes back to the published value', async () => {
    const response = await put('admin', 'scz', {
      prevalence: null,
      r2: 0.09,
      heritability: 0.7,
      note: 'Our own score, validated on 2,000 patients',
    });
    expect(response.statusCode).toBe(200);
    const seen = await conditionOf('patient', 'scz');
    expect(seen.prevalence).toEqual({ ...conditionDefaults.scz.prevalence, setByLab: false });
    expect(seen.r2).toMatchObject({ value: 0.09, setByLab: true });
    expect(seen.heritability).toMatchObject({
      value: 0.7,
      source: 'Set by your lab: Our own score, validated on 2,000 patients',
    });
  });

  it('refuses an r² above the heritability, against the published value too', async () => {
    const above = await put('admin', 'scz', {
      prevalence: null,
      r2: 0.5,
      heritability: 0.4,
      note: NOTE,
    });
    expect(above.statusCode).toBe(400);
    expect(message(above)).toBe(RISK_R2_ABOVE_H2_MESSAGE);
    // The published h² of type 1 diabetes is below 0.95.
    const abovePublished = await put('admin', 't1d', {
      prevalence: null,
      r2: 0.95,
      heritability: null,
      note: NOTE,
    });
    expect(abovePublished.statusCode).toBe(400);
    expect(message(abovePublished)).toBe(RISK_R2_ABOVE_H2_MESSAGE);
    expect((await conditionOf('patient', 'scz')).r2.value).toBe(0.09);
    expect((await conditionOf('patient', 't1d')).r2.setByLab).toBe(false);
  });

  it('refuses values outside (0, 1), a missing note, an unknown field and nothing set', async () => {
    const valid = { prevalence: 0.02, r2: null, heritability: null, note: NOTE };
    const refusals: [unknown, string][] = [
      [{ ...valid, prevalence: 0 }, RISK_VALUE_MESSAGE],
      [{ ...valid, prevalence: 1 }, RISK_VALUE_MESSAGE],
      [{ ...valid, r2: -0.1 }, RISK_VALUE_MESSAGE],
      [{ ...valid, heritability: 'x' }, RISK_VALUE_MESSAGE],
      [{ prevalence: 0.02, r2: null, heritability: null }, RISK_NOTE_MESSAGE],
      [{ ...valid, note: '   ' }, RISK_NOTE_MESSAGE],
      [{ ...valid, note: 'x'.repeat(501) }, RISK_NOTE_MESSAGE],
      [{ ...valid, lowestScore: true }, 'lowestScore'],
      [{ ...valid, prevalence: null }, RISK_NOTHING_SET_MESSAGE],
    ];
    for (const [body, expected] of refusals) {
      const response = await put('admin', 'bipolar', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(message(response)).toContain(expected);
    }
    expect((await put('admin', 'bipolar', { prevalence: 0.02 })).statusCode).toBe(400);
    expect((await conditionOf('patient', 'bipolar')).prevalence.setByLab).toBe(false);
  });

  it('lets only staff change the values', async () => {
    const body = { prevalence: 0.02, r2: null, heritability: null, note: NOTE };
    expect((await put(null, 'scz', body)).statusCode).toBe(401);
    const refused = await put('patient', 'scz', body);
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe(ADMIN_ONLY);
    expect((await remove(null, 'scz')).statusCode).toBe(401);
    expect((await remove('patient', 'scz')).statusCode).toBe(403);
    expect((await conditionOf('patient', 'scz')).r2.value).toBe(0.09);
  });

  it('answers 404 for a code outside the catalogue', async () => {
    const body = { prevalence: 0.02, r2: null, heritability: null, note: NOTE };
    for (const response of [await put('admin', 'flu', body), await remove('admin', 'flu')]) {
      expect(response.statusCode).toBe(404);
      expect(message(response)).toBe(RISK_CONDITION_UNKNOWN_MESSAGE);
    }
    expect(await storedRows()).toEqual([{ code: 'scz' }]);
  });

  it('goes back to the published values', async () => {
    const response = await remove('admin', 'scz');
    expect(response.statusCode).toBe(200);
    const published = publishedRiskConditions().find((condition) => condition.code === 'scz');
    expect(riskConditionSchema.parse(response.json())).toEqual(published);
    expect(await conditionsOf('patient')).toEqual(publishedRiskConditions());
    expect(await storedRows()).toEqual([]);
    // Again: nothing to remove, the same answer.
    expect((await remove('admin', 'scz')).json()).toEqual(published);
  });

  it('reads as a patient for staff only, and audits every change without its values', async () => {
    expect((await read('admin', '?asUser=demo-mother')).statusCode).toBe(200);
    expect((await read('patient', '?asUser=demo-father')).statusCode).toBe(403);

    const rows = await queryRows<{ action: string; actor_id: string; route: string }>(
      database,
      sql`select action, actor_id, route from audit_log where action like 'risk-condition-%' order by at, id`,
    );
    expect(rows.map((row) => [row.action, row.actor_id, row.route])).toEqual([
      ['risk-condition-update', 'demo-admin', 'PUT /api/admin/risk-conditions/:code'],
      ['risk-condition-update', 'demo-admin', 'PUT /api/admin/risk-conditions/:code'],
      ['risk-condition-reset', 'demo-admin', 'DELETE /api/admin/risk-conditions/:code'],
      ['risk-condition-reset', 'demo-admin', 'DELETE /api/admin/risk-conditions/:code'],
    ]);
    const columns = await queryRows<Record<string, unknown>>(
      database,
      sql`select * from audit_log where action like 'risk-condition-%'`,
    );
    expect(JSON.stringify(columns)).not.toContain('0.0072');
    expect(JSON.stringify(columns)).not.toContain(NOTE);
  });
});
