import { describe, expect, it, vi } from 'vitest';
import { LOCAL_BACKEND_PORT } from './constants.ts';
import {
  apiBaseFor,
  backendNames,
  DEFAULT_ENVIRONMENT,
  environmentNames,
  environments,
  isEnvironmentName,
  OWN_API_BASE,
  resolveEnvironment,
} from './environments.ts';

const noLog = () => {
  throw new Error('logError should not be called');
};

describe('environment table', () => {
  it('lists the 7 spec environments', () => {
    expect([...environmentNames].sort()).toEqual(
      [
        'development',
        'emulator',
        'local',
        'local-production',
        'local-staging',
        'preview',
        'production',
      ].sort(),
    );
    expect(Object.keys(environments).sort()).toEqual([...environmentNames].sort());
  });

  it.each(environmentNames)('%s resolves to its own settings with string keys', (name) => {
    const settings = resolveEnvironment(name, noLog);
    expect(settings).toBe(environments[name]);
    expect(settings.name).toBe(name);
    expect(backendNames).toContain(settings.backend);
    expect(typeof settings.paymentPublicKey).toBe('string');
    expect(typeof settings.mapsApiKey).toBe('string');
  });

  it('production and preview share one backend', () => {
    expect(environments.preview.backend).toBe(environments.production.backend);
  });

  it('development and local share the staging backend, which is not production', () => {
    expect(environments.local.backend).toBe('staging');
    expect(environments.development.backend).toBe('staging');
  });

  it('local-production and local-staging use the developer machine; the emulator its own', () => {
    expect(environments['local-production'].backend).toBe('developerMachine');
    expect(environments['local-staging'].backend).toBe('developerMachine');
    const others = environmentNames
      .filter((name) => name !== 'emulator')
      .map((name) => environments[name].backend);
    expect(others).not.toContain(environments.emulator.backend);
  });
});

describe('apiBaseFor', () => {
  const backends = {
    production: 'https://api.example.org/api',
    staging: 'https://staging.example.org/api',
    developerMachine: `http://localhost:${String(LOCAL_BACKEND_PORT)}/api`,
    emulator: 'http://127.0.0.1:5001/demo/api',
  } as const;

  it.each([
    ['production', backends.production],
    ['preview', backends.production],
    ['development', backends.staging],
    ['local', backends.staging],
    ['local-production', backends.developerMachine],
    ['local-staging', backends.developerMachine],
    ['emulator', backends.emulator],
  ] as const)('%s calls %s when every backend is configured', (name, base) => {
    expect(apiBaseFor(environments[name], backends)).toBe(base);
  });

  it.each(environmentNames)(
    "%s calls the portal's own API when its backend is not configured",
    (name) => {
      expect(apiBaseFor(environments[name], {})).toBe(OWN_API_BASE);
      expect(OWN_API_BASE).toBe('/api');
    },
  );
});

describe('resolveEnvironment', () => {
  it('defaults to production without logging', () => {
    expect(DEFAULT_ENVIRONMENT).toBe('production');
    const logError = vi.fn();
    expect(resolveEnvironment(undefined, logError)).toBe(environments.production);
    expect(resolveEnvironment('', logError)).toBe(environments.production);
    expect(logError).not.toHaveBeenCalled();
  });

  it.each(['staging', 'Production', 'constructor', '__proto__', ' production'])(
    'logs once and uses development for %j',
    (name) => {
      const logError = vi.fn();
      expect(resolveEnvironment(name, logError)).toBe(environments.development);
      expect(logError).toHaveBeenCalledOnce();
      expect(logError.mock.calls[0]?.[0]).toContain(name);
    },
  );

  it('logs to console.error by default', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(resolveEnvironment('nowhere')).toBe(environments.development);
      expect(spy).toHaveBeenCalledOnce();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('isEnvironmentName', () => {
  it('knows only the listed names', () => {
    expect(isEnvironmentName('emulator')).toBe(true);
    expect(isEnvironmentName('toString')).toBe(false);
    expect(isEnvironmentName('')).toBe(false);
  });
});
