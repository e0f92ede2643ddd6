import { LOCAL_BACKEND_PORT } from './constants.ts';

/**
 * The environment table of spec section 7. The web app learns its environment name from
 * GET /api/config and derives the API base address and public keys from this table.
 *
 * A relative base ('/api') means "the origin that served the web app": a self-hosted portal
 * serves its own API, so production and preview share that one backend.
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

export interface EnvironmentSettings {
  name: EnvironmentName;
  /** Base address that the spec's relative API paths are appended to. */
  apiBaseUrl: string;
  /** Public key of the card payment provider ('' until the operator sets one). */
  paymentPublicKey: string;
  /** Key of the maps service ('' means maps are off until the operator sets one). */
  mapsApiKey: string;
}

export const DEFAULT_ENVIRONMENT: EnvironmentName = 'production';

const SHARED_BACKEND = '/api';
const STAGING_BACKEND = 'https://staging.nestling.health/api';
const DEVELOPER_MACHINE_BACKEND = `http://localhost:${LOCAL_BACKEND_PORT}/api`;
const FUNCTIONS_EMULATOR_BACKEND = 'http://127.0.0.1:5001/nestling-portal/us-central1/api';
/** The built-in test payment provider's public key (see the payments ADR once it lands). */
const TEST_PAYMENT_KEY = 'pk_test_builtin';

export const environments: Record<EnvironmentName, EnvironmentSettings> = {
  production: {
    name: 'production',
    apiBaseUrl: SHARED_BACKEND,
    paymentPublicKey: '',
    mapsApiKey: '',
  },
  preview: { name: 'preview', apiBaseUrl: SHARED_BACKEND, paymentPublicKey: '', mapsApiKey: '' },
  development: {
    name: 'development',
    apiBaseUrl: STAGING_BACKEND,
    paymentPublicKey: TEST_PAYMENT_KEY,
    mapsApiKey: '',
  },
  'local-production': {
    name: 'local-production',
    apiBaseUrl: DEVELOPER_MACHINE_BACKEND,
    paymentPublicKey: TEST_PAYMENT_KEY,
    mapsApiKey: '',
  },
  'local-staging': {
    name: 'local-staging',
    apiBaseUrl: DEVELOPER_MACHINE_BACKEND,
    paymentPublicKey: TEST_PAYMENT_KEY,
    mapsApiKey: '',
  },
  local: {
    name: 'local',
    apiBaseUrl: STAGING_BACKEND,
    paymentPublicKey: TEST_PAYMENT_KEY,
    mapsApiKey: '',
  },
  emulator: {
    name: 'emulator',
    apiBaseUrl: FUNCTIONS_EMULATOR_BACKEND,
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
