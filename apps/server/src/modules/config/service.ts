import type { RuntimeConfig } from '@nestling/shared/contract/config';
import type { Config } from '../../config.ts';
import { BRAND_LOGO_PATH } from '../brand/index.ts';

/** What the web app needs at run time; nothing secret. */
export function runtimeConfig(config: Config): RuntimeConfig {
  return {
    // Named one by one: the logo's place on the server's disk is not the browser's business.
    brand: {
      productName: config.brand.productName,
      companyName: config.brand.companyName,
      companyDomain: config.brand.companyDomain,
      supportEmail: config.brand.supportEmail,
      logoUrl: config.brand.logoFile === null ? null : BRAND_LOGO_PATH,
      socialProfiles: config.brand.socialProfiles.map((profile) => ({ ...profile })),
    },
    environment: config.appEnv,
    apiBaseUrl: config.apiBaseUrl,
    keys: { ...config.keys },
    features: {
      googleSignIn: config.google !== null,
      demoData: config.demoData,
    },
    limits: { ...config.limits },
  };
}
