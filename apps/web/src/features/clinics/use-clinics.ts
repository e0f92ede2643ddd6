import { clinicSearchAnswerSchema, myClinicAnswerSchema } from '@nestling/shared/contract/clinics';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { journeyQueryKey } from '../journey/index.ts';
import { useViewAs } from '../../lib/use-view-as.ts';

/** Every clinics query starts with this key. */
export const clinicsQueryKey = ['clinics'] as const;

/** GET /clinics: the active clinics for a query (nearest first for a ZIP). */
export function useClinicSearch(query: string) {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    queryKey: [...clinicsQueryKey, 'search', query, asUser ?? null],
    queryFn: ({ signal }) =>
      api.get('/clinics', clinicSearchAnswerSchema, {
        query: { query: query === '' ? undefined : query, asUser },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /user/clinic: the clinic the person chose (as the patient, for an admin). */
export function useMyClinic() {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    queryKey: [...clinicsQueryKey, 'mine', asUser ?? null],
    queryFn: ({ signal }) =>
      api.get('/user/clinic', myClinicAnswerSchema, { query: { asUser }, signal }),
  });
}

/** Choose and clear; each refreshes the chosen clinic and the journey that names it. */
export function useMyClinicActions() {
  const api = useApi();
  const queryClient = useQueryClient();
  const settle = async () => {
    await queryClient.invalidateQueries({ queryKey: clinicsQueryKey });
    await queryClient.invalidateQueries({ queryKey: journeyQueryKey(undefined) });
  };
  return {
    choose: useMutation({
      mutationFn: (clinicId: string) =>
        api.put('/user/clinic', myClinicAnswerSchema, { body: { clinicId }, redirects: false }),
      onSettled: settle,
    }),
    clear: useMutation({
      mutationFn: () => api.delete('/user/clinic', myClinicAnswerSchema, { redirects: false }),
      onSettled: settle,
    }),
    /** Shares the person's reports with their clinic (mailing it a new link), or stops. */
    share: useMutation({
      mutationFn: (share: boolean) =>
        api.put('/user/clinic/sharing', myClinicAnswerSchema, {
          body: { share },
          redirects: false,
        }),
      onSettled: settle,
    }),
  };
}
