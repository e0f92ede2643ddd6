import { describe, expect, it, vi } from 'vitest';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@nestling/shared/runtime-config-element';
import { testConfig } from '../test/fixtures.ts';
import { environments } from '@nestling/shared/environments';
import { environmentOf, loadRuntimeConfig, portalTitle } from './runtime-config.tsx';

/** A page as the server sends it, with the config in it. */
function pageWithConfig(json: string): Document {
  const page = document.implementation.createHTMLDocument('Portal');
  const element = page.createElement('script');
  element.type = 'application/json';
  element.id = RUNTIME_CONFIG_ELEMENT_ID;
  element.textContent = json;
  page.head.append(element);
  return page;
}

describe('runtime config', () => {
  it('reads the config the server wrote into the page, without a request', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    await expect(
      loadRuntimeConfig(fetchMock, pageWithConfig(JSON.stringify(testConfig))),
    ).resolves.toEqual(testConfig);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads GET /api/config from the same origin and validates it', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(Response.json(testConfig)));
    await expect(loadRuntimeConfig(fetchMock)).resolves.toEqual(testConfig);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/config');
  });

  it('takes an environment name it does not know, logs an error and uses the development settings', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const moon = { ...testConfig, environment: 'moon-base' };
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(Response.json(moon)));
    const config = await loadRuntimeConfig(fetchMock);
    expect(logged).toHaveBeenCalledWith(
      'Unknown environment "moon-base"; using development settings',
    );
    expect(environmentOf(config)).toBe(environments.development);
    // Logged once, however often the settings are read.
    environmentOf(config);
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
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
