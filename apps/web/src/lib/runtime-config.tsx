import { runtimeConfigSchema, type RuntimeConfig } from '@nestling/shared/contract/config';
import { createContext, use, type ReactNode } from 'react';

/**
 * What the server tells the web app at run time (brand, environment, keys, feature flags).
 * main.tsx loads it before the first render, so every component can rely on it.
 */
export const CONFIG_PATH = '/api/config';

/** GET /api/config from the page's own origin, validated. Throws when it cannot be used. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl(CONFIG_PATH, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${CONFIG_PATH} answered ${response.status}`);
  return runtimeConfigSchema.parse(await response.json());
}

/** The document title of spec section 1: the product name followed by 'Portal'. */
export function portalTitle(config: RuntimeConfig): string {
  return `${config.brand.productName} Portal`;
}

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function RuntimeConfigProvider({
  config,
  children,
}: {
  config: RuntimeConfig;
  children: ReactNode;
}) {
  return <RuntimeConfigContext value={config}>{children}</RuntimeConfigContext>;
}

export function useRuntimeConfig(): RuntimeConfig {
  const config = use(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig needs a RuntimeConfigProvider');
  return config;
}
