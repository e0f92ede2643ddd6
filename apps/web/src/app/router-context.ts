import type { RuntimeConfig } from '@nestling/shared/contract/config';
import type { ApiClient } from '../lib/api.ts';
import type { QueryLayerLoader } from './query-layer.ts';

/** What every route's beforeLoad/loader receives. */
export interface RouterContext {
  /** TanStack Query's client, loaded with the first page that asks the server (query-layer.ts). */
  queries: QueryLayerLoader;
  api: ApiClient;
  config: RuntimeConfig;
}
