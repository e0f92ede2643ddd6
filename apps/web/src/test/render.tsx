import type { RuntimeConfig } from '@nestling/shared/contract/config';
import type { User } from '@nestling/shared/contract/user';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createQueryLayerLoader, type QueryLayerLoader } from '../app/query-layer.ts';
import { StaticMantineProvider } from '../app/static-mantine-provider.tsx';
import { currentUserQueryKey } from '../features/session/current-user-query.ts';
import { createApiClient, type ApiClient } from '../lib/api.ts';
import { ApiProvider } from '../lib/api-context.tsx';
import { setAuthToken } from '../lib/auth-cookie.ts';
import { RuntimeConfigProvider } from '../lib/runtime-config.tsx';
import { createAppRouter } from '../router.tsx';
import { testConfig } from './fixtures.ts';

export interface TestServices {
  config: RuntimeConfig;
  queryClient: QueryClient;
  /** The router's query layer, on `queryClient`. */
  queries: QueryLayerLoader;
  api: ApiClient;
  fetch: ReturnType<typeof vi.fn<typeof fetch>>;
  /** Redirects the API client asked for (full page loads in the browser). */
  navigate: ReturnType<typeof vi.fn<(url: string) => void>>;
}

/**
 * The services the app's providers hold, with a fake fetch that answers GET /user/me with
 * `user` (when given) and 404 otherwise.
 */
export function createTestServices({ user }: { user?: User | undefined } = {}): TestServices {
  const fetchMock = vi.fn<typeof fetch>((input) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (user && url.endsWith('/api/user/me')) {
      return Promise.resolve(Response.json(user));
    }
    return Promise.resolve(
      Response.json({ statusCode: 404, error: 'Not Found', message: 'Not Found' }, { status: 404 }),
    );
  });
  const navigate = vi.fn<(url: string) => void>();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const api = createApiClient({
    apiBaseUrl: testConfig.apiBaseUrl,
    fetch: fetchMock,
    navigate,
    logError: () => undefined,
  });
  return {
    config: testConfig,
    queryClient,
    queries: createQueryLayerLoader(queryClient),
    api,
    fetch: fetchMock,
    navigate,
  };
}

/**
 * The app's providers around `children`. `withQueryClient: false` leaves TanStack Query's
 * provider out, as the app does: the whole app gets it from the query layer, inside the root
 * layout, on every page but /signin signed out.
 */
export function TestProviders({
  services,
  withQueryClient = true,
  children,
}: {
  services: TestServices;
  withQueryClient?: boolean;
  children: ReactNode;
}) {
  const themed = <StaticMantineProvider env="test">{children}</StaticMantineProvider>;
  return (
    <RuntimeConfigProvider config={services.config}>
      <ApiProvider client={services.api}>
        {withQueryClient ? (
          <QueryClientProvider client={services.queryClient}>{themed}</QueryClientProvider>
        ) : (
          themed
        )}
      </ApiProvider>
    </RuntimeConfigProvider>
  );
}

/** The app's router on the test services, at `path`. */
export function createTestAppRouter(services: TestServices, path = '/') {
  return createAppRouter(
    { queries: services.queries, api: services.api, config: services.config },
    createMemoryHistory({ initialEntries: [path] }),
  );
}

/**
 * The whole portal at `path`, with the real route tree. With a `user`, the auth cookie is set
 * and GET /user/me answers with that user. Pass `services` to set up the fake fetch (or spy on
 * them) before the first render.
 */
export async function renderApp(
  path: string,
  { user, services = createTestServices({ user }) }: { user?: User; services?: TestServices } = {},
) {
  if (user) setAuthToken('test-token');
  const router = createTestAppRouter(services, path);
  const result = render(
    <TestProviders services={services} withQueryClient={false}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  await screen.findByRole('main');
  return { ...result, ...services, router };
}

/**
 * One component inside a router (so links work), at `path`. With a `user`, the query cache
 * already holds it as the signed-in user. Pass `services` to set up the fake fetch before the
 * first render.
 */
export async function renderWithRouter(
  ui: ReactNode,
  {
    path = '/',
    user,
    services = createTestServices({ user }),
  }: { path?: string; user?: User; services?: TestServices } = {},
) {
  if (user) services.queryClient.setQueryData(currentUserQueryKey, user);
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
    notFoundComponent: () => null,
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queries: services.queries, api: services.api, config: services.config },
  });
  const result = render(
    <TestProviders services={services}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  await router.load();
  return { ...result, ...services, router };
}
