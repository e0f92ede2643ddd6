import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '@nestling/shared/contract/purchase';
import type { App } from '../../app.ts';
import { fatherReport, motherReport } from '../demo-reports/payloads.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createTestUser, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';
import { createLocalFileStore } from '../storage/local-store.ts';

/*
 * A couple's test sells a joint report and an individual report for each partner.
 * Bought in the portal, it gives each partner the individual order the spec describes, its
 * purchase id their own kit, which the lab delivers to by that kit's id.
 */
describe.each(testDatabaseKinds)('a couple test bought in the portal on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-couple-'));
  const tokens: Record<string, string> = {};
  let labKey = '';

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db, {
      fileStore: createLocalFileStore(path.join(dataDir, 'files')),
    });
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir } });
    for (const [id, firstName, sex] of [
      ['cp-buyer', 'Cora', 'Female'],
      ['cp-partner', 'Perry', 'Male'],
    ] as const) {
      await createTestUser(database.db, {
        id,
        email: `${id}@couple.test`,
        firstName,
        lastName: 'Couple',
      });
      await database.db.execute(sql`update "user" set sex = ${sex} where id = ${id}`);
      tokens[id] = await signInToken(app, `${id}@couple.test`);
    }
    const admin = await signInToken(app, 'admin@nestling.health');
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/lab-keys',
      headers: bearer(admin),
      payload: { name: 'Couple test' },
    });
    labKey = created.json<{ key: string }>().key;
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const as = (who: string) => bearer(tokens[who] ?? '');
  const individualOrders = async (who: string) =>
    (await app.inject({ method: 'GET', url: '/api/user?individual=true', headers: as(who) })).json<{
      individualOrders: { id: string; purchaseId: string; testType: string }[];
    }>().individualOrders;
  const kits = async (who: string) =>
    (await app.inject({ method: 'GET', url: '/api/kits', headers: as(who) })).json<{
      kits: { kitId: string; kind: string; role: string; own: boolean }[];
    }>().kits;
  const deliver = (kitId: string, labReportId: string, from = motherReport) =>
    app.inject({
      method: 'POST',
      url: '/api/lab/reports',
      headers: bearer(labKey),
      payload: { ...from, labReportId, individualOrderId: kitId },
    });

  it('gives each partner their individual order, which the lab delivers to by their kit', async () => {
    const started = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: as('cp-buyer'),
      payload: {
        product: 'couple',
        idempotencyKey: randomUUID(),
        partner: { firstName: 'Perry', lastName: 'Couple', email: 'cp-partner@couple.test' },
        shipping: {
          buyer: {
            name: 'Cora Couple',
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
      headers: as('cp-buyer'),
      payload: { number: TEST_CARDS.pays, expiry: '12/40', cvc: '123' },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    // The buyer's kit is listed once, as the couple's; her individual order is that kit.
    const buyerKits = await kits('cp-buyer');
    const own = buyerKits.find((kit) => kit.own);
    const partnerKit = buyerKits.find((kit) => !kit.own);
    expect(buyerKits).toHaveLength(2);
    expect(own).toMatchObject({ kind: 'couple', role: 'mother' });
    expect(await individualOrders('cp-buyer')).toEqual([
      expect.objectContaining({ purchaseId: own?.kitId, testType: 'standard' }),
    ]);
    expect((await deliver(own?.kitId ?? '', 'CP-IND-BUYER')).statusCode).toBe(201);

    // The partner's comes with his place: none before he joins, his kit's once he does.
    expect(await individualOrders('cp-partner')).toEqual([]);
    expect(
      (await deliver(partnerKit?.kitId ?? '', 'CP-IND-PARTNER', fatherReport)).statusCode,
    ).toBe(404);
    const pending = await app.inject({
      method: 'GET',
      url: '/api/invitations/pending',
      headers: as('cp-partner'),
    });
    const [invitation] = pending.json<{ invitations: { id: string }[] }>().invitations;
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/invitations/${invitation?.id ?? ''}/accept`,
      headers: as('cp-partner'),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await individualOrders('cp-partner')).toEqual([
      expect.objectContaining({ purchaseId: partnerKit?.kitId, testType: 'standard' }),
    ]);
    expect(
      (await deliver(partnerKit?.kitId ?? '', 'CP-IND-PARTNER', fatherReport)).statusCode,
    ).toBe(201);

    // Each reads their own individual report.
    for (const who of ['cp-buyer', 'cp-partner']) {
      const [order] = await individualOrders(who);
      const report = await app.inject({
        method: 'GET',
        url: `/api/individual_reports/${order?.id ?? ''}`,
        headers: as(who),
      });
      expect(report.statusCode, `${who}: ${report.body.slice(0, 200)}`).toBe(200);
    }
  });

  it('keeps the demo couple as a purchase makes it: each partner’s individual order is their kit', async () => {
    const [account] = await queryRows<{ mother_order: string; father_order: string }>(
      database,
      sql`select mother_order, father_order from couple_account where id = 'demo-couple'`,
    );
    expect(
      await queryRows(
        database,
        sql`select user_id, purchase_id from individual_order
            where couple_account_id = 'demo-couple' order by user_id`,
      ),
    ).toEqual([
      { user_id: 'demo-father', purchase_id: account?.father_order },
      { user_id: 'demo-mother', purchase_id: account?.mother_order },
    ]);
  });
});
