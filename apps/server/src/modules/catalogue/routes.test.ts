import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ONLY } from '@nestling/shared/contract/admin';
import {
  DISCOUNT_CODE_NOT_FOUND,
  DISCOUNT_CODE_TAKEN,
  discountCodeSchema,
  discountCodesAnswerSchema,
  productSchema,
  productsAnswerSchema,
} from '@nestling/shared/contract/purchase';
import type { App } from '../../app.ts';
import { DEMO_DISCOUNT_CODE, seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';

const update = {
  priceCents: 139_900,
  description: 'Screening for both of you.',
  includes: ['Two saliva kits', 'A joint report'],
  turnaroundDays: 18,
};

describe.each(testDatabaseKinds)('the catalogue on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let adminToken: string;
  let patientToken: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN } });
    adminToken = await signInToken(app, 'admin@nestling.health');
    patientToken = await signInToken(app, 'mother@demo.test');
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const message = (response: { body: string }) =>
    (JSON.parse(response.body) as { message: string }).message;

  it('shows the four products to anyone, named by the naming helper, in purchase-page order', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/products' });
    expect(response.statusCode).toBe(200);
    const { products } = productsAnswerSchema.parse(response.json());
    expect(products.map((product) => [product.code, product.name, product.kits])).toEqual([
      ['couple', 'Preconception Genetic Screening', 2],
      ['couple-30x', 'Preconception Genetic Screening - 30x', 2],
      ['individual', 'Preconception Genetic Screening - Individual', 1],
      ['individual-30x', 'Preconception Genetic Screening - 30x - Individual', 1],
    ]);
    expect(products[0]).toMatchObject({
      kind: 'couple',
      testType: 'standard',
      priceCents: 149_800,
      currency: 'usd',
      turnaroundDays: 21,
    });
    expect(products[0]?.includes.length).toBeGreaterThan(0);
  });

  it('lets only staff change a product, audited; the catalogue shows the change', async () => {
    const put = (token: string | null, body: unknown = update) =>
      app.inject({
        method: 'PUT',
        url: '/api/admin/products/couple',
        headers: token === null ? {} : bearer(token),
        payload: body as Record<string, unknown>,
      });
    expect((await put(null)).statusCode).toBe(401);
    const refused = await put(patientToken);
    expect(refused.statusCode).toBe(403);
    expect(message(refused)).toBe(ADMIN_ONLY);

    const negative = await put(adminToken, { ...update, priceCents: -1 });
    expect(negative.statusCode).toBe(400);
    expect(message(negative)).toContain('body.priceCents: The price cannot be negative');
    const unknown = await app.inject({
      method: 'PUT',
      url: '/api/admin/products/embryo',
      headers: bearer(adminToken),
      payload: update,
    });
    expect(unknown.statusCode).toBe(400);

    const changed = await put(adminToken);
    expect(changed.statusCode).toBe(200);
    expect(productSchema.parse(changed.json())).toMatchObject({ code: 'couple', ...update });

    const { products } = productsAnswerSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/products' })).json(),
    );
    expect(products.find((product) => product.code === 'couple')).toMatchObject(update);
    const audit = await queryRows<{ action: string; actor_id: string }>(
      database,
      sql`select action, actor_id from audit_log where action = 'product-update'`,
    );
    expect(audit).toEqual([{ action: 'product-update', actor_id: 'demo-admin' }]);
  });

  it('lets only staff create, list and switch off discount codes; a taken code is 409', async () => {
    const create = (token: string | null, body: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/discount-codes',
        headers: token === null ? {} : bearer(token),
        payload: body as Record<string, unknown>,
      });
    expect((await create(null, { code: 'SPRING', percentOff: 10 })).statusCode).toBe(401);
    expect((await create(patientToken, { code: 'SPRING', percentOff: 10 })).statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', '/api/admin/discount-codes'],
      ['PATCH', '/api/admin/discount-codes/SPRING'],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        headers: bearer(patientToken),
        ...(method === 'PATCH' ? { payload: { active: false } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }

    const both = await create(adminToken, { code: 'BOTH', percentOff: 10, amountOffCents: 500 });
    expect(both.statusCode).toBe(400);
    expect(message(both)).toContain('Give either a percentage or an amount off, not both');

    const created = await create(adminToken, {
      code: ' spring-10 ',
      percentOff: 10,
      maxRedemptions: 50,
    });
    expect(created.statusCode).toBe(201);
    expect(discountCodeSchema.parse(created.json())).toEqual({
      code: 'SPRING-10',
      percentOff: 10,
      amountOffCents: null,
      active: true,
      expiresAt: null,
      maxRedemptions: 50,
      redemptions: 0,
    });
    const taken = await create(adminToken, { code: 'Spring-10', amountOffCents: 1000 });
    expect(taken.statusCode).toBe(409);
    expect(message(taken)).toBe(DISCOUNT_CODE_TAKEN);

    const off = await app.inject({
      method: 'PATCH',
      url: '/api/admin/discount-codes/spring-10',
      headers: bearer(adminToken),
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(discountCodeSchema.parse(off.json()).active).toBe(false);
    const missing = await app.inject({
      method: 'PATCH',
      url: '/api/admin/discount-codes/NOPE',
      headers: bearer(adminToken),
      payload: { active: false },
    });
    expect(missing.statusCode).toBe(404);
    expect(message(missing)).toBe(DISCOUNT_CODE_NOT_FOUND);

    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/discount-codes',
      headers: bearer(adminToken),
    });
    expect(list.statusCode).toBe(200);
    // The demo data's own code is there too.
    expect(discountCodesAnswerSchema.parse(list.json()).discountCodes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'SPRING-10', active: false }),
        expect.objectContaining({ code: DEMO_DISCOUNT_CODE, active: true }),
      ]),
    );
  });
});
