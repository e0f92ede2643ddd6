import {
  adminAppointmentsAnswerSchema,
  adminCounselorSchema,
  adminCounselorsAnswerSchema,
  type AvailabilityUpdate,
  type CounselorInput,
} from '@nestling/shared/contract/appointments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';

/* The lab staff's calls for counselors, their weekly hours and the day's appointments. */

const counselorsKey = ['admin', 'counselors'] as const;

/** GET /admin/counselors. */
export function useAdminCounselors() {
  const api = useApi();
  return useQuery({
    queryKey: counselorsKey,
    queryFn: ({ signal }) => api.get('/admin/counselors', adminCounselorsAnswerSchema, { signal }),
  });
}

/** GET /admin/appointments: the booked appointments of a date in the zone. */
export function useDayAppointments(date: string, timeZone: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['admin', 'appointments', date, timeZone],
    queryFn: ({ signal }) =>
      api.get('/admin/appointments', adminAppointmentsAnswerSchema, {
        query: { date, timeZone },
        signal,
      }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
}

/** Add, change and set hours; each refreshes the list. */
export function useCounselorActions() {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: counselorsKey });
  return {
    create: useMutation({
      mutationFn: (body: CounselorInput) =>
        api.post('/admin/counselors', adminCounselorSchema, { body, redirects: false }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: CounselorInput }) =>
        api.put(`/admin/counselors/${encodeURIComponent(id)}`, adminCounselorSchema, {
          body,
          redirects: false,
        }),
      onSuccess: refresh,
    }),
    setHours: useMutation({
      mutationFn: ({ id, body }: { id: string; body: AvailabilityUpdate }) =>
        api.put(`/admin/counselors/${encodeURIComponent(id)}/availability`, adminCounselorSchema, {
          body,
          redirects: false,
        }),
      onSuccess: refresh,
    }),
  };
}
