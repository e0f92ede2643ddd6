/**
 * The environment table of spec section 7. Each environment names the backend it calls and
 * its public keys. The server's settings give each backend's address (ADR 003) and
 * GET /api/config tells the web app the address of the running environment's backend, so one
 * build serves every environment.
 */
export const environmentNames = [
  'production',
  'preview',
  'development',
  'local-production',
  'local-staging',
  'local',
  'emulator',
] as const;
export type EnvironmentName = (typeof environmentNames)[number];

/**
 * The backends of spec section 7: production and preview share one; development and local
 * use staging; the two local variants the developer machine (port 8080); the emulator a local
 * functions emulator.
 */
export const backendNames = ['production', 'staging', 'developerMachine', 'emulator'] as const;
export type BackendName = (typeof backendNames)[number];

export interface EnvironmentSettings {
  name: EnvironmentName;
  /** The backend whose address the spec's relative API paths are appended to. */
  backend: BackendName;
  /** Public key of the card payment provider ('' until the operator sets one). */
  paymentPublicKey: string;
  /** Key of the maps service ('' means maps are off until the operator sets one). */
  mapsApiKey: string;
}

export const DEFAULT_ENVIRONMENT: EnvironmentName = 'production';

/**
 * The portal's own API: relative, so it means "the origin that served the web app". Every
 * backend's address defaults to it, so each environment works on one machine; the portal
 * listens on port 8080 by default, the developer machine's port of spec section 7.
 */
export const OWN_API_BASE = '/api';

/** The built-in test payment provider's public key (see the payments ADR once it lands). */
const TEST_PAYMENT_KEY = 'pk_test_builtin';

export const environments: Record<EnvironmentName, EnvironmentSettings> = {
  production: { name: 'production', backend: 'production', paymentPublicKey: '', mapsApiKey: '' },
  preview: { name: 'preview', backend: 'production', paymentPublicKey: '', mapsApiKey: '' },
  development: {
    name: 'development',
    backend: 'staging',
    paymentPublicKey: TEST_PAYMENT_KEY,
    mapsApiKey: '',
  },
  'local-production': {
    name: 'local-production',
    backend: 'developerMachine',
    paymentPublicKey: TEST_PAYMENT_KEY,
    mapsApiKey: '',
  },
  'local-staging': {
    name: 'local-staging',
    backend: 'developerMachine',
    paymentPublicKey: TEST_PAYMENT_KEY,
    mapsApiKey: '',
  },
  local: {
    name: 'local',
    backend: 'staging',
    paymentPublicKey: TEST_PAYMENT_KEY,
    mapsApiKey: '',
  },
  emulator: {
    name: 'emulator',
    backend: 'emulator',
    paymentPublicKey: TEST_PAYMENT_KEY,
    mapsApiKey: '',
  },
};

export function isEnvironmentName(name: string): name is EnvironmentName {
  return (environmentNames as readonly string[]).includes(name);
}

/**
 * Settings for an environment name. No name means the default (production); an unknown name
 * logs an error and falls back to development, as spec section 8 says.
 */
export function resolveEnvironment(
  name: string | undefined,
  logError: (message: string) => void = console.error,
): EnvironmentSettings {
  if (name === undefined || name === '') return environments[DEFAULT_ENVIRONMENT];
  if (isEnvironmentName(name)) return environments[name];
  logError(`Unknown environment "${name}"; using development settings`);
  return environments.development;
}

/** Backend addresses as the operator set them; a backend left out is the portal's own API. */
export type BackendAddresses = Readonly<Partial<Record<BackendName, string>>>;

/** The API base address an environment calls, given the backends' configured addresses. */
export function apiBaseFor(settings: EnvironmentSettings, backends: BackendAddresses): string {
  return backends[settings.backend] ?? OWN_API_BASE;
}
