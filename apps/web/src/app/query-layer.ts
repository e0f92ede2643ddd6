import type { QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { hasAuthToken } from '../lib/auth-cookie.ts';

type QueryRootModule = typeof import('./query-root.tsx');

/**
 * TanStack Query, with the layout that asks the server for the signed-in user. It loads with
 * the first page that talks to the server: signed out, /signin is the one page that does not,
 * and its first load carries none of it (the /signin size budget).
 */
export interface QueryLayer {
  client: QueryClient;
  /** The layout of every page, with the signed-in user, inside the client's provider. */
  Root: QueryRootModule['QueryRoot'];
  /** A page's error, with the signed-in user, inside the client's provider. */
  RouteError: QueryRootModule['QueryRouteError'];
}

export interface QueryLayerLoader {
  /** Loads the layer once; a load that failed (the network) is tried again next time. */
  load(): Promise<QueryLayer>;
  client(): Promise<QueryClient>;
}

/** `client`: the one to use (tests); by default the layer makes its own. */
export function createQueryLayerLoader(client?: QueryClient): QueryLayerLoader {
  let loading: Promise<QueryLayer> | undefined;
  const load = (): Promise<QueryLayer> => {
    loading ??= import('./query-root.tsx').then(
      (module) => ({
        client: client ?? module.createQueryClient(),
        Root: module.QueryRoot,
        RouteError: module.QueryRouteError,
      }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return { load, client: async () => (await load()).client };
}

/** Signed out, /signin asks the server nothing until the form is sent. */
export function needsQueryLayer(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') !== '/signin' || hasAuthToken();
}

/** The router's loader, for code outside the layer that needs the client (after sign-in). */
export function useQueryLayerLoader(): QueryLayerLoader {
  return useRouter().options.context.queries;
}
