import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '@nestling/shared/contract/config';
import { ConfigError } from '../../config.ts';
import { createTestApp, testConfig } from '../../test/app.ts';
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
        logoUrl: null,
        socialProfiles: [],
      },
      environment: 'production',
      apiBaseUrl: '/api',
      keys: { paymentPublicKey: null, mapsApiKey: null },
      features: { googleSignIn: false, demoData: true },
      limits: { couplePlacesPerPerson: 1, appointmentsPerPerson: 1 },
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
      SOCIAL_PROFILES: 'https://bsky.app/profile/acorn.example',
      COUPLE_PLACES_PER_PERSON: '2',
      APPOINTMENTS_PER_PERSON: '3',
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
        logoUrl: null,
        socialProfiles: [{ network: 'bluesky', url: 'https://bsky.app/profile/acorn.example' }],
      },
      environment: 'local-staging',
      apiBaseUrl: '/api',
      keys: { paymentPublicKey: 'pk_test_acorn', mapsApiKey: 'maps-acorn' },
      features: { googleSignIn: true, demoData: false },
      limits: { couplePlacesPerPerson: 2, appointmentsPerPerson: 3 },
    });
    expect(JSON.stringify(config)).not.toContain('never-sent');
  });

  const backends = {
    PRODUCTION_API_URL: 'https://api.acorn.example/api',
    STAGING_API_URL: 'https://staging.acorn.example/v2/api/',
    LOCAL_API_URL: 'http://localhost:8080/api',
    EMULATOR_API_URL: 'http://127.0.0.1:5001/acorn/us-central1/api',
  };

  it.each([
    ['production', 'https://api.acorn.example/api'],
    ['preview', 'https://api.acorn.example/api'],
    ['development', 'https://staging.acorn.example/v2/api'],
    ['local', 'https://staging.acorn.example/v2/api'],
    ['local-production', 'http://localhost:8080/api'],
    ['local-staging', 'http://localhost:8080/api'],
    ['emulator', 'http://127.0.0.1:5001/acorn/us-central1/api'],
  ])('gives %s the address of its backend as configured: %s', async (appEnv, apiBaseUrl) => {
    const config = await getConfig({ APP_ENV: appEnv, ...backends });
    expect(config.environment).toBe(appEnv);
    expect(config.apiBaseUrl).toBe(apiBaseUrl);
  });

  it.each(['development', 'local', 'local-production', 'emulator'])(
    'gives %s this portal’s own API while its backend is not configured',
    async (appEnv) => {
      expect((await getConfig({ APP_ENV: appEnv })).apiBaseUrl).toBe('/api');
    },
  );
});

describe('backend settings', () => {
  /** The problems loadConfig stops the server with, or [] when the settings are good. */
  function problems(env: Record<string, string>): string[] {
    try {
      testConfig(env);
      return [];
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
  }

  it('stop the server at start on a bad address, naming the setting', () => {
    expect(problems({ STAGING_API_URL: 'staging.acorn.example/api' })).toEqual([
      'STAGING_API_URL: must be an http:// or https:// URL',
    ]);
    expect(problems({ PRODUCTION_API_URL: 'ftp://api.acorn.example/api' })).toEqual([
      'PRODUCTION_API_URL: must be an http:// or https:// URL',
    ]);
    expect(problems({ STAGING_API_URL: 'http://staging.acorn.example/api' })).toEqual([
      'STAGING_API_URL: must be an https:// URL (http:// only on this machine: localhost, 127.0.0.1 or [::1])',
    ]);
    expect(problems({ PRODUCTION_API_URL: 'https://api.acorn.example/api?key=1' })).toEqual([
      'PRODUCTION_API_URL: must be an address without a query, a fragment or a user name',
    ]);
  });

  it('keep the developer machine and the emulator on this machine', () => {
    expect(problems({ LOCAL_API_URL: 'https://dev.acorn.example/api' })).toEqual([
      'LOCAL_API_URL: must be on this machine: localhost, 127.0.0.1 or [::1]',
    ]);
    expect(problems({ EMULATOR_API_URL: 'http://10.0.0.5:5001/api' })).toEqual([
      'EMULATOR_API_URL: must be on this machine: localhost, 127.0.0.1 or [::1]',
    ]);
    expect(problems({ LOCAL_API_URL: 'http://[::1]:8080/api', STAGING_API_URL: '' })).toEqual([]);
  });
});
