import {
  accountDeletionAnswerSchema,
  privacyAnswerSchema,
  researchConsentAnswerSchema,
} from '@nestling/shared/contract/data-rights';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';

const privacyKey = ['user', 'privacy'] as const;

/** GET /user/privacy: the research consent and any pending deletion (as the patient, for staff). */
export function usePrivacy(enabled = true) {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    queryKey: [...privacyKey, asUser ?? null],
    queryFn: ({ signal }) =>
      api.get('/user/privacy', privacyAnswerSchema, {
        query: { asUser },
        signal,
        redirects: false,
      }),
    enabled,
  });
}

/** The person's own choices: research consent, and deleting the account or undoing it. */
export function usePrivacyActions() {
  const api = useApi();
  const queryClient = useQueryClient();
  // My Data's overview shows the same consent and deletion.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: privacyKey }),
      queryClient.invalidateQueries({ queryKey: ['my-data'] }),
    ]);
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
