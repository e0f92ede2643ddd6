import type { QueryParams } from '@nestling/shared/text';
import { toQueryString } from '@nestling/shared/text';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RootNotFound, RouteError } from './app/root-components.tsx';
import type { RouterContext } from './app/router-context.ts';
import { routeTree } from './routeTree.gen.ts';

/** Search params are plain strings: `?as_user=123` stays '123' (no JSON parsing of values). */
export function parseSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

export function stringifySearch(search: Record<string, unknown>): string {
  const query = toQueryString(search as QueryParams);
  return query === '' ? '' : `?${query}`;
}

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    // Data freshness is TanStack Query's job; the router always asks it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: RootNotFound,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
