import {
  accountDeletionAnswerSchema,
  myDataOverviewSchema,
  researchConsentAnswerSchema,
} from '@nestling/shared/contract/data-rights';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { useViewAs } from '../reports/use-view-as.ts';

const overviewKey = ['my-data', 'overview'] as const;

/** GET /my-data: what the portal holds about the person (as the patient, for an admin). */
export function useMyDataOverview() {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    queryKey: [...overviewKey, asUser ?? null],
    queryFn: ({ signal }) =>
      api.get('/my-data', myDataOverviewSchema, { query: { asUser }, signal, redirects: false }),
  });
}

/** The person's own choices: research consent, and deleting the account or undoing it. */
export function useDataRightsActions() {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: overviewKey });
  return {
    researchConsent: useMutation({
      mutationFn: (consent: boolean) =>
        api.put('/user/research-consent', researchConsentAnswerSchema, {
          body: { consent },
          redirects: false,
        }),
      onSettled: refresh,
    }),
    requestDeletion: useMutation({
      mutationFn: (confirmEmail: string) =>
        api.post('/user/deletion', accountDeletionAnswerSchema, {
          body: { confirmEmail },
          redirects: false,
        }),
      onSuccess: refresh,
    }),
    cancelDeletion: useMutation({
      mutationFn: () =>
        api.delete('/user/deletion', accountDeletionAnswerSchema, { redirects: false }),
      onSettled: refresh,
    }),
  };
}
