import { describe, expect, it } from 'vitest';
import { runtimeConfigSchema, type RuntimeConfig } from './config.ts';

const config: RuntimeConfig = {
  brand: {
    productName: 'Nestling',
    companyName: 'Nestling Health',
    companyDomain: 'nestling.health',
    supportEmail: 'support@nestling.health',
    logoUrl: null,
    socialProfiles: [{ network: 'instagram', url: 'https://www.instagram.com/nestling' }],
  },
  environment: 'production',
  apiBaseUrl: '/api',
  keys: { paymentPublicKey: null, mapsApiKey: 'maps-key' },
  features: { googleSignIn: false, demoData: true },
  limits: { couplePlacesPerPerson: 1, appointmentsPerPerson: 1 },
};

describe('runtimeConfigSchema', () => {
  it('accepts a full config', () => {
    expect(runtimeConfigSchema.parse(config)).toEqual(config);
  });

  it('takes an environment name this build does not know: the web app falls back itself', () => {
    expect(runtimeConfigSchema.parse({ ...config, environment: 'staging' }).environment).toBe(
      'staging',
    );
  });

  it('rejects a social profile on a network the menu has no icon for', () => {
    const brand = {
      ...config.brand,
      socialProfiles: [{ network: 'myspace', url: 'https://myspace.com/nestling' }],
    };
    expect(runtimeConfigSchema.safeParse({ ...config, brand }).success).toBe(false);
  });

  it('rejects a config without the backend address', () => {
    const withoutBackend: Partial<RuntimeConfig> = { ...config };
    delete withoutBackend.apiBaseUrl;
    expect(runtimeConfigSchema.safeParse(withoutBackend).error?.issues[0]?.path).toEqual([
      'apiBaseUrl',
    ]);
  });

  it('rejects a missing feature flag', () => {
    const result = runtimeConfigSchema.safeParse({ ...config, features: { googleSignIn: true } });
    expect(result.error?.issues[0]?.path).toEqual(['features', 'demoData']);
  });
});
