import './fonts.css';
import './styles.css';
import './app/static-shell.css';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, createQueryClient, ThemeProvider } from './app/providers.tsx';
import { createApiClient } from './lib/api.ts';
import { loadRuntimeConfig, portalTitle } from './lib/runtime-config.tsx';
import { createAppRouter } from './router.tsx';

const StartupError = lazy(() =>
  import('./app/startup-error.tsx').then((module) => ({ default: module.StartupError })),
);

async function start(container: HTMLElement): Promise<void> {
  const root = createRoot(container);

  let config;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    console.error('The portal could not load its settings from /api/config', error);
    root.render(
      <StrictMode>
        <ThemeProvider>
          <Suspense fallback={null}>
            <StartupError />
          </Suspense>
        </ThemeProvider>
      </StrictMode>,
    );
    return;
  }

  document.title = portalTitle(config);
  const queryClient = createQueryClient();
  const api = createApiClient({ apiBaseUrl: config.apiBaseUrl });
  const router = createAppRouter({ queryClient, api, config });
  // The first page's code starts loading now, beside the access gate's call, not after it.
  const [firstRoutes] = router.getMatchedRoutes(window.location.pathname);
  for (const route of firstRoutes) void router.loadRouteChunk(route)?.catch(() => undefined);

  root.render(
    <StrictMode>
      <AppProviders config={config} api={api} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container) void start(container);
