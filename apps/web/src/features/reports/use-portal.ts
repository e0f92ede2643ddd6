import {
  userAnswerSchema,
  type UserAnswer,
  type UserQuery,
} from '@nestling/shared/contract/portal-user';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api.ts';
import { useApi } from '../../lib/api-context.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';

/**
 * An answer this fresh is not asked for again when the page mounts: the /reports route starts
 * the calls (these and the journey) before the page's code has loaded, and the page should not
 * repeat them at once. Changes to the account invalidate ['user'], which still refetches at once.
 */
export const FRESH_MS = 10_000;

/*
 * GET /user with report flags (spec section 7), asked in two parts: the couple's reports, whose
 * empty list the page takes as spec section 8's 'no response' (no report yet, not a failure),
 * and the individual orders, which do not depend on them. Under ['user'] so that account
 * changes refresh them too.
 */

function getPortal(api: ApiClient, query: UserQuery, signal: AbortSignal): Promise<UserAnswer> {
  return api.get('/user', userAnswerSchema, { query: { ...query }, signal });
}

/** 'no response' (spec section 8): the call that lists the person's couple accounts found none. */
function noResponse(answer: UserAnswer): boolean {
  return (answer.accounts ?? []).length === 0;
}

/** The query of the person's couple accounts (useCoupleReports), for a route to start early. */
export function coupleReportsQuery(
  api: ApiClient,
  asUser: string | undefined,
  preferredAccount?: string,
) {
  const query: UserQuery = {
    preconception: 'true',
    embryo: 'true',
    withPartner: 'true',
    preferredAccount,
    asUser,
  };
  return queryOptions({
    queryKey: ['user', 'portal', 'couple', asUser ?? null, preferredAccount ?? null],
    queryFn: async ({ signal }) => {
      const answer = await getPortal(api, query, signal);
      return noResponse(answer) ? null : answer;
    },
    staleTime: FRESH_MS,
  });
}

/**
 * The person's couple accounts with their joint and embryo reports; null when the lab has
 * delivered none. `preferredAccount` picks the account the server then remembers in a cookie.
 */
export function useCoupleReports(preferredAccount?: string) {
  return useQuery({
    ...coupleReportsQuery(useApi(), useViewAs(), preferredAccount),
    // Switching account keeps the page in place while the new answer loads.
    placeholderData: keepPreviousData,
  });
}

/** The query of the person's individual orders (useIndividualOrders), for a route to start early. */
export function individualOrdersQuery(
  api: ApiClient,
  asUser: string | undefined,
  preferredOrder?: string,
) {
  const query: UserQuery = {
    individual: 'true',
    withIndividualReport: 'true',
    preferredOrder,
    asUser,
  };
  return queryOptions({
    queryKey: ['user', 'portal', 'individual', asUser ?? null, preferredOrder ?? null],
    queryFn: ({ signal }) => getPortal(api, query, signal),
    staleTime: FRESH_MS,
  });
}

/**
 * The person's individual orders, and the chosen one's latest report. `preferredOrder` picks the
 * order the server then remembers in a cookie.
 */
export function useIndividualOrders(preferredOrder?: string) {
  return useQuery({
    ...individualOrdersQuery(useApi(), useViewAs(), preferredOrder),
    placeholderData: keepPreviousData,
  });
}
