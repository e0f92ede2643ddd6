import {
  adminAppointmentsAnswerSchema,
  adminCounsellorSchema,
  adminCounsellorsAnswerSchema,
  type AvailabilityUpdate,
  type CounsellorInput,
} from '@nestling/shared/contract/appointments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';

/* The lab staff's calls for counsellors, their weekly hours and the day's appointments. */

const counsellorsKey = ['admin', 'counsellors'] as const;

/** GET /admin/counsellors. */
export function useAdminCounsellors() {
  const api = useApi();
  return useQuery({
    queryKey: counsellorsKey,
    queryFn: ({ signal }) =>
      api.get('/admin/counsellors', adminCounsellorsAnswerSchema, { signal }),
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
export function useCounsellorActions() {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: counsellorsKey });
  return {
    create: useMutation({
      mutationFn: (body: CounsellorInput) =>
        api.post('/admin/counsellors', adminCounsellorSchema, { body, redirects: false }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: CounsellorInput }) =>
        api.put(`/admin/counsellors/${encodeURIComponent(id)}`, adminCounsellorSchema, {
          body,
          redirects: false,
        }),
      onSuccess: refresh,
    }),
    setHours: useMutation({
      mutationFn: ({ id, body }: { id: string; body: AvailabilityUpdate }) =>
        api.put(
          `/admin/counsellors/${encodeURIComponent(id)}/availability`,
          adminCounsellorSchema,
          { body, redirects: false },
        ),
      onSuccess: refresh,
    }),
  };
}
