import {
  appointmentSchema,
  appointmentsAnswerSchema,
  slotsAnswerSchema,
  type BookingRequest,
} from '@nestling/shared/contract/appointments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';

/** Every appointments query starts with this key: a booking refreshes them all. */
export const appointmentsQueryKey = ['appointments'] as const;

/** GET /appointments: the person's upcoming appointments (as the patient, for an admin). */
export function useUpcomingAppointments() {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    queryKey: [...appointmentsQueryKey, 'upcoming', asUser ?? null],
    queryFn: ({ signal }) =>
      api.get('/appointments', appointmentsAnswerSchema, { query: { asUser }, signal }),
  });
}

/** GET /appointments/slots: free slots starting in [from, to). */
export function useFreeSlots(range: { from: string; to: string }) {
  const api = useApi();
  return useQuery({
    queryKey: [...appointmentsQueryKey, 'slots', range.from, range.to],
    queryFn: ({ signal }) =>
      api.get('/appointments/slots', slotsAnswerSchema, { query: range, signal }),
    // Another week keeps the last one on screen until its times arrive.
    placeholderData: keepPreviousData,
  });
}

/** Book, move and cancel; each refreshes the list and the free slots, also when refused. */
export function useAppointmentActions() {
  const api = useApi();
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: appointmentsQueryKey });
  return {
    book: useMutation({
      mutationFn: (body: BookingRequest) =>
        api.post('/appointments', appointmentSchema, { body, redirects: false }),
      onSettled: settle,
    }),
    reschedule: useMutation({
      mutationFn: ({ id, ...body }: BookingRequest & { id: string }) =>
        api.post(`/appointments/${encodeURIComponent(id)}/reschedule`, appointmentSchema, {
          body,
          redirects: false,
        }),
      onSettled: settle,
    }),
    cancel: useMutation({
      mutationFn: (id: string) =>
        api.post(`/appointments/${encodeURIComponent(id)}/cancel`, appointmentSchema, {
          redirects: false,
        }),
      onSettled: settle,
    }),
  };
}
