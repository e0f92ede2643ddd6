import type { RuntimeConfig } from '@nestling/shared/contract/config';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError, type ApiClient } from '../lib/api.ts';
import { ApiProvider } from '../lib/api-context.tsx';
import { RuntimeConfigProvider } from '../lib/runtime-config.tsx';
import { StaticMantineProvider } from './static-mantine-provider.tsx';

/** Client errors (4xx) and unreadable answers do not get better by asking again. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Mantine with the portal's theme (see static-mantine-provider.tsx). */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return <StaticMantineProvider>{children}</StaticMantineProvider>;
}

export function AppProviders({
  config,
  api,
  queryClient,
  children,
}: {
  config: RuntimeConfig;
  api: ApiClient;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <RuntimeConfigProvider config={config}>
      <ApiProvider client={api}>
        <QueryClientProvider client={queryClient}>
          <ThemeProvider>{children}</ThemeProvider>
        </QueryClientProvider>
      </ApiProvider>
    </RuntimeConfigProvider>
  );
}
