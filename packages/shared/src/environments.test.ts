import { describe, expect, it, vi } from 'vitest';
import { LOCAL_BACKEND_PORT } from './constants.ts';
import {
  DEFAULT_ENVIRONMENT,
  environmentNames,
  environments,
  isEnvironmentName,
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
    expect(settings.apiBaseUrl).not.toBe('');
    expect(typeof settings.paymentPublicKey).toBe('string');
    expect(typeof settings.mapsApiKey).toBe('string');
  });

  it('production and preview share one backend', () => {
    expect(environments.preview.apiBaseUrl).toBe(environments.production.apiBaseUrl);
  });

  it('development and local share the staging backend, which is not production', () => {
    expect(environments.local.apiBaseUrl).toBe(environments.development.apiBaseUrl);
    expect(environments.development.apiBaseUrl).not.toBe(environments.production.apiBaseUrl);
  });

  it.each(['local-production', 'local-staging'] as const)(
    '%s uses port 8080 on localhost',
    (name) => {
      const url = new URL(environments[name].apiBaseUrl);
      expect(url.hostname).toBe('localhost');
      expect(url.port).toBe('8080');
      expect(Number(url.port)).toBe(LOCAL_BACKEND_PORT);
    },
  );

  it('the emulator backend differs from every other', () => {
    const others = environmentNames
      .filter((name) => name !== 'emulator')
      .map((name) => environments[name].apiBaseUrl);
    expect(others).not.toContain(environments.emulator.apiBaseUrl);
  });
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
