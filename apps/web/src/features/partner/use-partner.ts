import {
  acceptAnswerSchema,
  invitationViewSchema,
  partnerAnswerSchema,
  pendingInvitationsSchema,
  sharedReportsAnswerSchema,
  sharingRequestSchema,
  type InviteRequest,
} from '@nestling/shared/contract/partner';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { useApi } from '../../lib/api-context.tsx';
import { hasAuthToken } from '../../lib/auth-cookie.ts';
import { useViewAs } from '../../lib/use-view-as.ts';

/** Every partner query starts with this key: an action refreshes them all. */
export const partnerQueryKey = ['partner'] as const;
const okSchema = z.object({ ok: z.literal(true) });

/** GET /partner: the person's couple accounts with the partner's place and sharing. */
export function usePartner() {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    queryKey: [...partnerQueryKey, 'accounts', asUser ?? null],
    queryFn: ({ signal }) =>
      api.get('/partner', partnerAnswerSchema, { query: { asUser }, signal }),
  });
}

/** GET /invitations/pending: the invite banner's invitations (never while viewing as). */
export function usePendingInvitations(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: [...partnerQueryKey, 'pending'],
    queryFn: ({ signal }) =>
      api.get('/invitations/pending', pendingInvitationsSchema, { signal, redirects: false }),
    enabled,
  });
}

/** GET /invitations/{key}: what the link is; answers signed out too. */
export function useInvitation(key: string) {
  const api = useApi();
  return useQuery({
    queryKey: [...partnerQueryKey, 'invitation', key],
    queryFn: ({ signal }) =>
      api.get(`/invitations/${encodeURIComponent(key)}`, invitationViewSchema, {
        signal,
        redirects: false,
        // Signed in, the token goes along: the banner's link (an id) needs it.
        auth: hasAuthToken(),
      }),
    retry: false,
  });
}

/** GET /partner/individual-reports: what partners share with the person now. */
export function useSharedReports() {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    queryKey: [...partnerQueryKey, 'shared-reports', asUser ?? null],
    queryFn: ({ signal }) =>
      api.get('/partner/individual-reports', sharedReportsAnswerSchema, {
        query: { asUser },
        signal,
      }),
  });
}

/** The actions: each refreshes the partner queries (and the user, whose accounts change). */
export function usePartnerActions() {
  const api = useApi();
  const queryClient = useQueryClient();
  const settle = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: partnerQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['user', 'journey'] }),
    ]);
  const account = (id: string): `/partner/${string}` => `/partner/${encodeURIComponent(id)}`;
  return {
    invite: useMutation({
      mutationFn: ({ accountId, ...body }: InviteRequest & { accountId: string }) =>
        api.post(`${account(accountId)}/invitation`, okSchema, { body }),
      onSettled: settle,
    }),
    resend: useMutation({
      mutationFn: (accountId: string) =>
        api.post(`${account(accountId)}/invitation/resend`, okSchema),
      onSettled: settle,
    }),
    cancel: useMutation({
      mutationFn: (accountId: string) =>
        api.post(`${account(accountId)}/invitation/cancel`, okSchema),
      onSettled: settle,
    }),
    share: useMutation({
      mutationFn: ({
        accountId,
        sharesIndividual,
      }: {
        accountId: string;
        sharesIndividual: boolean;
      }) =>
        api.put(`${account(accountId)}/sharing`, sharingRequestSchema, {
          body: { sharesIndividual },
        }),
      onSettled: settle,
    }),
    accept: useMutation({
      mutationFn: (key: string) =>
        api.post(`/invitations/${encodeURIComponent(key)}/accept`, acceptAnswerSchema, {
          redirects: false,
        }),
      onSuccess: () => queryClient.invalidateQueries(),
    }),
  };
}
