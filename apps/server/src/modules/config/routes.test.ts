import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '@nestling/shared/contract/config';
import { createTestApp } from '../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';

describe('GET /api/config', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.destroy();
  });

  async function getConfig(env: Record<string, string>) {
    const app = await createTestApp({ database, env });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/config' });
      expect(response.statusCode).toBe(200);
      return runtimeConfigSchema.parse(response.json());
    } finally {
      await app.close();
    }
  }

  it('gives the defaults of an embedded install', async () => {
    expect(await getConfig({})).toEqual({
      brand: {
        productName: 'Nestling',
        companyName: 'Nestling Genomics',
        companyDomain: 'nestling.health',
        supportEmail: 'support@nestling.health',
      },
      environment: 'production',
      keys: { paymentPublicKey: null, mapsApiKey: null },
      features: { googleSignIn: false, demoData: true },
    });
  });

  it('gives the brand, environment, key overrides and features that are configured', async () => {
    const config = await getConfig({
      PRODUCT_NAME: 'Acorn',
      COMPANY_NAME: 'Acorn Labs',
      COMPANY_DOMAIN: 'acorn.example',
      APP_ENV: 'local-staging',
      PAYMENT_PUBLIC_KEY: 'pk_test_acorn',
      MAPS_API_KEY: 'maps-acorn',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'never-sent',
      DATABASE_URL: 'postgres://localhost/unused',
    });
    expect(config).toEqual({
      brand: {
        productName: 'Acorn',
        companyName: 'Acorn Labs',
        companyDomain: 'acorn.example',
        supportEmail: 'support@acorn.example',
      },
      environment: 'local-staging',
      keys: { paymentPublicKey: 'pk_test_acorn', mapsApiKey: 'maps-acorn' },
      features: { googleSignIn: true, demoData: false },
    });
    expect(JSON.stringify(config)).not.toContain('never-sent');
  });
});
