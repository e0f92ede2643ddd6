import { describe, expect, it, vi } from 'vitest';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@nestling/shared/runtime-config-element';
import { testConfig } from '../test/fixtures.ts';
import { loadRuntimeConfig, portalTitle } from './runtime-config.tsx';

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
