import {
  NO_RESPONSE,
  userAnswerSchema,
  type UserAnswer,
  type UserQuery,
} from '@nestling/shared/contract/portal-user';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '../../lib/api.ts';
import { useApi } from '../../lib/api-context.tsx';
import { useViewAs } from './use-view-as.ts';

/*
 * GET /user with report flags (spec section 7), asked in two parts: the couple's reports, whose
 * call answers 'no response' when there are none (spec section 8), and the individual orders,
 * which do not depend on them. Under ['user'] so that account changes refresh them too.
 */

async function getPortal(
  api: ApiClient,
  query: UserQuery,
  signal: AbortSignal,
): Promise<UserAnswer | null> {
  try {
    return await api.get('/user', userAnswerSchema, { query: { ...query }, signal });
  } catch (error) {
    // 'no response': the person has no joint or embryo report yet, which is not a failure.
    if (error instanceof ApiError && error.status === 404 && error.message === NO_RESPONSE) {
      return null;
    }
    throw error;
  }
}

/**
 * The person's couple accounts with their joint and embryo reports; null when the lab has
 * delivered none. `preferredAccount` picks the account the server then remembers in a cookie.
 */
export function useCoupleReports(preferredAccount?: string) {
  const api = useApi();
  const asUser = useViewAs();
  const query: UserQuery = {
    preconception: 'true',
    embryo: 'true',
    withPartner: 'true',
    preferredAccount,
    asUser,
  };
  return useQuery({
    queryKey: ['user', 'portal', 'couple', asUser ?? null, preferredAccount ?? null],
    queryFn: ({ signal }) => getPortal(api, query, signal),
    // Switching account keeps the page in place while the new answer loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * The person's individual orders, and the chosen one's latest report. `preferredOrder` picks the
 * order the server then remembers in a cookie.
 */
export function useIndividualOrders(preferredOrder?: string) {
  const api = useApi();
  const asUser = useViewAs();
  const query: UserQuery = {
    individual: 'true',
    withIndividualReport: 'true',
    preferredOrder,
    asUser,
  };
  return useQuery({
    queryKey: ['user', 'portal', 'individual', asUser ?? null, preferredOrder ?? null],
    queryFn: async ({ signal }) => {
      const answer = await getPortal(api, query, signal);
      // Only the couple's call answers 'no response'; this one always lists the orders.
      if (answer === null) throw new Error(NO_RESPONSE);
      return answer;
    },
    placeholderData: keepPreviousData,
  });
}
