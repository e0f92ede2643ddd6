import type { RuntimeConfig } from '@nestling/shared/contract/config';
import { resolveEnvironment, type EnvironmentSettings } from '@nestling/shared/environments';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@nestling/shared/runtime-config-element';
import { createContext, use, type ReactNode } from 'react';

/**
 * What the server tells the web app at run time (brand, environment, keys, feature flags).
 * main.tsx loads it before the first render, so every component can rely on it.
 */
export const CONFIG_PATH = '/api/config';

/**
 * The config the server wrote into the page (apps/server/src/plugins/web-app.ts), checked
 * against the contract there when it started; none in a page the development server sent.
 */
function configInPage(page: Document): RuntimeConfig | undefined {
  const json = page.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  return json ? (JSON.parse(json) as RuntimeConfig) : undefined;
}

/**
 * The runtime config: from the page, which costs no request before the first render, else GET
 * /api/config from the page's own origin, validated (the schema, and zod with it, load only
 * then). Throws when it cannot be used.
 */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = fetch,
  page: Document = document,
): Promise<RuntimeConfig> {
  const inPage = configInPage(page);
  if (inPage !== undefined) {
    environmentOf(inPage);
    return inPage;
  }
  const [response, { runtimeConfigSchema }] = await Promise.all([
    fetchImpl(CONFIG_PATH, { headers: { Accept: 'application/json' } }),
    import('@nestling/shared/contract/config'),
  ]);
  if (!response.ok) throw new Error(`GET ${CONFIG_PATH} answered ${response.status}`);
  const config = runtimeConfigSchema.parse(await response.json());
  // Resolved now, so that an unknown name is logged once, as the app starts.
  environmentOf(config);
  return config;
}

const resolvedEnvironments = new Map<string, EnvironmentSettings>();

/**
 * The environment table's settings for the server's environment (spec section 7). A name this
 * build does not know (a newer server) logs an error and gets the development settings (spec
 * section 8), once.
 */
export function environmentOf(config: Pick<RuntimeConfig, 'environment'>): EnvironmentSettings {
  let settings = resolvedEnvironments.get(config.environment);
  if (settings === undefined) {
    settings = resolveEnvironment(config.environment);
    resolvedEnvironments.set(config.environment, settings);
  }
  return settings;
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
