import type { RuntimeConfig } from '@nestling/shared/contract/config';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../lib/api.ts';

/** What every route's beforeLoad/loader receives. */
export interface RouterContext {
  queryClient: QueryClient;
  api: ApiClient;
  config: RuntimeConfig;
}
