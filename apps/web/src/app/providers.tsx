import type { RuntimeConfig } from '@nestling/shared/contract/config';
import type { ReactNode } from 'react';
import type { ApiClient } from '../lib/api.ts';
import { ApiProvider } from '../lib/api-context.tsx';
import { RuntimeConfigProvider } from '../lib/runtime-config.tsx';
import { StaticMantineProvider } from './static-mantine-provider.tsx';

/** Mantine with the portal's theme (see static-mantine-provider.tsx). */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return <StaticMantineProvider>{children}</StaticMantineProvider>;
}

/**
 * The services every page shares. TanStack Query's provider is not here: it comes with the
 * query layer, inside the root layout (app/query-layer.ts).
 */
export function AppProviders({
  config,
  api,
  children,
}: {
  config: RuntimeConfig;
  api: ApiClient;
  children: ReactNode;
}) {
  return (
    <RuntimeConfigProvider config={config}>
      <ApiProvider client={api}>
        <ThemeProvider>{children}</ThemeProvider>
      </ApiProvider>
    </RuntimeConfigProvider>
  );
}
