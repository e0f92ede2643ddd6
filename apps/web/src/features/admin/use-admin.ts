import {
  adminUserSchema,
  adminUsersAnswerSchema,
  auditAnswerSchema,
  type AuditFilter,
  type AuditQuery,
} from '@nestling/shared/contract/admin';
import { accessTokenSchema } from '@nestling/shared/contract/auth';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useApi } from '../../lib/api-context.tsx';
import { getAuthToken, setAdminToken, setAuthToken } from '../../lib/auth-cookie.ts';
import { saveBlob } from '../reports/index.ts';

/** GET /admin/users: newest first, or those whose name or email contains `q`. */
export function useAdminUsers(q: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['admin', 'users', q],
    queryFn: ({ signal }) =>
      api.get('/admin/users', adminUsersAnswerSchema, {
        query: { q: q === '' ? null : q },
        signal,
      }),
    // The last results stay while a new search loads, rather than the table vanishing.
    placeholderData: keepPreviousData,
  });
}

/**
 * PUT /admin/users/:id/data-portal: turns My Data on or off for one person. The user list and
 * the audit log are asked again; so is the signed-in user, in case staff changed their own.
 */
export function useSetDataPortal() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, enabled }: { userId: string; enabled: boolean }) =>
      api.put(`/admin/users/${encodeURIComponent(userId)}/data-portal`, adminUserSchema, {
        body: { enabled },
        redirects: false,
      }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
        queryClient.invalidateQueries({ queryKey: ['user'] }),
      ]);
    },
  });
}

/** The query string of the audit log's filters and page; empty ones are left out. */
function auditSearch(query: AuditQuery) {
  return {
    actor: query.actor ?? null,
    subject: query.subject ?? null,
    action: query.action ?? null,
    from: query.from ?? null,
    to: query.to ?? null,
    page: query.page ?? null,
    pageSize: query.pageSize ?? null,
  };
}

/** GET /admin/audit: one page of the entries the filters match, newest first. */
export function useAuditLog(query: AuditQuery) {
  const api = useApi();
  return useQuery({
    queryKey: ['admin', 'audit', auditSearch(query)],
    queryFn: ({ signal }) =>
      api.get('/admin/audit', auditAnswerSchema, { query: auditSearch(query), signal }),
    // The last page stays while the next loads, rather than the table vanishing.
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/audit.csv with the log's filters (every page), saved as a file. */
export function useExportAuditLog() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filter: AuditFilter) =>
      api.downloadCsv('/admin/audit.csv', auditSearch(filter), { redirects: false }),
    onSuccess: async (blob) => {
      saveBlob(blob, `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
      // The export is itself in the log.
      await queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

/**
 * Starts impersonating a patient: the admin's own token waits in the admin cookie (the
 * secondary session), the patient's becomes the auth token, nothing of the admin stays cached,
 * and the portal opens as the patient sees it.
 */
export function useImpersonate() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (userId: string) =>
      // Errors show beside the button rather than on the /403 page.
      api.post('/admin/impersonation', accessTokenSchema, {
        body: { userId },
        redirects: false,
      }),
    onSuccess: async ({ token }) => {
      const own = getAuthToken();
      if (own !== undefined) setAdminToken(own);
      setAuthToken(token);
      // Leave the admin pages first (their queries would be refused as the patient), then
      // forget every answer given to the admin and ask again as the patient.
      await navigate({ to: '/' });
      await queryClient.resetQueries();
    },
  });
}
