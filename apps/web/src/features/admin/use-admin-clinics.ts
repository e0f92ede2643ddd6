import {
  adminClinicSchema,
  adminClinicsAnswerSchema,
  type ClinicInput,
} from '@nestling/shared/contract/clinics';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';

/* The lab staff's calls for the clinic directory (ADR 021). */

const clinicsKey = ['admin', 'clinics'] as const;

/** GET /admin/clinics: every clinic, active or not. */
export function useAdminClinics() {
  const api = useApi();
  return useQuery({
    queryKey: clinicsKey,
    queryFn: ({ signal }) => api.get('/admin/clinics', adminClinicsAnswerSchema, { signal }),
  });
}

/** Add and change (also deactivate); each refreshes the list and the patients' searches. */
export function useClinicActions() {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: clinicsKey });
    await queryClient.invalidateQueries({ queryKey: ['clinics'] });
  };
  return {
    create: useMutation({
      mutationFn: (body: ClinicInput) =>
        api.post('/admin/clinics', adminClinicSchema, { body, redirects: false }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ClinicInput }) =>
        api.put(`/admin/clinics/${encodeURIComponent(id)}`, adminClinicSchema, {
          body,
          redirects: false,
        }),
      onSuccess: refresh,
    }),
  };
}
