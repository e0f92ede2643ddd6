import { deviceSessionsSchema, type ChangeEmailInput } from '@nestling/shared/contract/account';
import { accessLogAnswerSchema, type AccessKind } from '@nestling/shared/contract/access-log';
import { messageSchema } from '@nestling/shared/contract/message';
import { trimEmail } from '@nestling/shared/text';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { useApi } from '../../lib/api-context.tsx';
import { fetchAccessToken } from '../auth/index.ts';
import { saveBlob } from '../reports/index.ts';

/** Under ['user'], with GET /user/me: a change to the account refreshes both. */
export const deviceSessionsQueryKey = ['user', 'sessions'] as const;

export interface PasswordChange {
  /** The signed-in person's email, to sign in again with the new password. */
  email: string;
  currentPassword: string;
  newPassword: string;
}

/**
 * POST /user/password/change ends every session, this one too; signing in again at once with
 * the new password lets the person carry on here. `signedInAgain` is false when the change
 * worked but that sign-in did not (the person then signs in themselves).
 */
export function useChangePassword() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, currentPassword, newPassword }: PasswordChange) => {
      await api.post('/user/password/change', messageSchema, {
        redirects: false,
        body: { currentPassword, newPassword },
      });
      try {
        await api.post('/auth/sign-in/email', z.unknown(), {
          auth: false,
          redirects: false,
          body: { email: trimEmail(email), password: newPassword },
        });
        await fetchAccessToken(api);
        return { signedInAgain: true };
      } catch {
        return { signedInAgain: false };
      }
    },
    onSuccess: ({ signedInAgain }) =>
      signedInAgain ? queryClient.invalidateQueries({ queryKey: ['user'] }) : undefined,
  });
}

/** POST /user/email/change: mails a link to the new address; the answer says so. */
export function useChangeEmail() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ newEmail, currentPassword }: ChangeEmailInput) =>
      api.post('/user/email/change', messageSchema, {
        redirects: false,
        body: { newEmail: trimEmail(newEmail), currentPassword },
      }),
  });
}

/** GET /user/sessions: the person's signed-in devices. */
export function useDeviceSessions() {
  const api = useApi();
  return useQuery({
    queryKey: deviceSessionsQueryKey,
    queryFn: ({ signal }) => api.get('/user/sessions', deviceSessionsSchema, { signal }),
  });
}

/** DELETE /user/sessions/{id}, or /user/sessions/others with `'others'`. */
export function useSignOutDevices() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { id: string } | 'others') =>
      api.delete(
        which === 'others'
          ? '/user/sessions/others'
          : `/user/sessions/${encodeURIComponent(which.id)}`,
        messageSchema,
        { redirects: false },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceSessionsQueryKey }),
  });
}

/** GET /user/access-log: who else has seen the person's data, a page at a time. */
export function useAccessLog(kind: AccessKind | undefined, page: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['user', 'access-log', kind ?? 'all', page],
    queryFn: ({ signal }) =>
      api.get('/user/access-log', accessLogAnswerSchema, { query: { kind, page }, signal }),
    // The last page stays while the next loads, rather than the list vanishing.
    placeholderData: keepPreviousData,
  });
}

/** GET /user/access-log.csv, saved as a file the person keeps. */
export function useDownloadAccessLog() {
  const api = useApi();
  return useMutation({
    mutationFn: (kind: AccessKind | undefined) =>
      api.downloadCsv('/user/access-log.csv', { kind }, { redirects: false }),
    onSuccess: (blob) => {
      saveBlob(blob, `access-log-${new Date().toISOString().slice(0, 10)}.csv`);
    },
  });
}
