import { createContext, use, type ReactNode } from 'react';
import type { ApiClient } from './api.ts';

const ApiContext = createContext<ApiClient | null>(null);

/** Makes the app's one API client available to hooks (tests pass a client with a fake fetch). */
export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext value={client}>{children}</ApiContext>;
}

export function useApi(): ApiClient {
  const client = use(ApiContext);
  if (!client) throw new Error('useApi needs an ApiProvider');
  return client;
}
