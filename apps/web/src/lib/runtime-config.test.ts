import { describe, expect, it, vi } from 'vitest';
import { testConfig } from '../test/fixtures.ts';
import { loadRuntimeConfig, portalTitle } from './runtime-config.tsx';

describe('runtime config', () => {
  it('loads GET /api/config from the same origin and validates it', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(Response.json(testConfig)));
    await expect(loadRuntimeConfig(fetchMock)).resolves.toEqual(testConfig);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/config');
  });

  it('rejects an answer of the wrong shape', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(Response.json({ brand: { productName: 'X' } })),
    );
    await expect(loadRuntimeConfig(fetchMock)).rejects.toThrow();
  });

  it('rejects an error status', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(new Response('down', { status: 503 })),
    );
    await expect(loadRuntimeConfig(fetchMock)).rejects.toThrow('503');
  });

  it('titles the page with the product name and Portal', () => {
    expect(portalTitle(testConfig)).toBe('Nestling Portal');
    expect(
      portalTitle({ ...testConfig, brand: { ...testConfig.brand, productName: 'Acme' } }),
    ).toBe('Acme Portal');
  });
});
