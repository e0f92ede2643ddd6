import type { RuntimeConfig } from '@nestling/shared/contract/config';
import type { Config } from '../../config.ts';

/** What the web app needs at run time; nothing secret. */
export function runtimeConfig(config: Config): RuntimeConfig {
  return {
    brand: { ...config.brand },
    environment: config.appEnv,
    apiBaseUrl: config.apiBaseUrl,
    keys: { ...config.keys },
    features: {
      googleSignIn: config.google !== null,
      demoData: config.demoData,
    },
  };
}
