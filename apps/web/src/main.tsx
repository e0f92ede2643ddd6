import './fonts.css';
import './styles.css';
import './app/static-shell.css';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, ThemeProvider } from './app/providers.tsx';
import { createQueryLayerLoader, needsQueryLayer } from './app/query-layer.ts';
import { createApiClient } from './lib/api.ts';
import { loadRuntimeConfig, portalTitle } from './lib/runtime-config.tsx';
import { createAppRouter } from './router.tsx';

const StartupError = lazy(() =>
  import('./app/startup-error.tsx').then((module) => ({ default: module.StartupError })),
);

async function start(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  // The query layer starts loading beside the settings, not after them, for every first page
  // that needs it.
  const queries = createQueryLayerLoader();
  if (needsQueryLayer(window.location.pathname)) void queries.load().catch(() => undefined);

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
  const api = createApiClient({ apiBaseUrl: config.apiBaseUrl });
  const router = createAppRouter({ queries, api, config });
  // The first page's code starts loading now, beside the access gate's call, not after it.
  const [firstRoutes] = router.getMatchedRoutes(window.location.pathname);
  for (const route of firstRoutes) void router.loadRouteChunk(route)?.catch(() => undefined);

  root.render(
    <StrictMode>
      <AppProviders config={config} api={api}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

/**
 * Resolves once the browser has shown the static shell's text (its largest paint so far), or
 * after 150 ms at most: a background tab paints nothing, and a browser that does not report
 * largest paints gets one frame. When the script arrives as fast as the stylesheet and the
 * font, it would otherwise run first, and the shell's text would be shown only by the app,
 * after all of its script had run.
 */
function afterShellShown(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 150);
    if (!PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')) {
      requestAnimationFrame(() => {
        requestAnimationFrame(() => {
          resolve();
        });
      });
      return;
    }
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

const container = document.getElementById('root');
if (container) void afterShellShown().then(() => start(container));
