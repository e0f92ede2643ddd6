import { describe, expect, it } from 'vitest';
import { apiRoutes } from '@nestling/shared/contract/api/index';
import { requireContractSchemas } from './contract-schemas.ts';

describe('routes registered from the contract', () => {
  it('lets a mapped route register with its entry, and stops one with schemas of its own', () => {
    const entry = apiRoutes['PUT /kits/:id/address'];
    expect(() => {
      requireContractSchemas({ method: 'PUT', url: '/api/kits/:id/address', schema: entry });
    }).not.toThrow();
    // The same schemas written again are not the contract's entry: a copy drifts.
    expect(() => {
      requireContractSchemas({ method: 'PUT', url: '/api/kits/:id/address', schema: { ...entry } });
    }).toThrow(/^PUT \/api\/kits\/:id\/address is registered with schemas of its own/);
    expect(() => {
      requireContractSchemas({ method: ['GET', 'HEAD'], url: '/api/journey', schema: undefined });
    }).toThrow(/^GET \/api\/journey/);
  });

  it('leaves alone what the maps do not name: the HEAD beside a GET, pages, test routes', () => {
    const journey = apiRoutes['GET /journey'];
    for (const route of [
      { method: 'HEAD', url: '/api/journey', schema: journey },
      { method: 'GET', url: '/reports', schema: undefined },
      { method: 'GET', url: '/api/test-only', schema: { summary: 'x' } },
    ]) {
      expect(() => {
        requireContractSchemas(route);
      }).not.toThrow();
    }
  });
});
