import { clinicShareAnswerSchema } from '@nestling/shared/contract/clinics';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { saveBlob } from '../reports/index.ts';

const sharePath = (token: string): `/clinic-shares/${string}` =>
  `/clinic-shares/${encodeURIComponent(token)}`;

/** GET /clinic-shares/{token}: what the clinic's link opens (no sign-in). */
export function useClinicShare(token: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['clinic-share', token],
    // The link is the key: no portal session goes along, and no error leads to sign-in.
    queryFn: ({ signal }) =>
      api.get(sharePath(token), clinicShareAnswerSchema, { signal, auth: false, redirects: false }),
    retry: false,
  });
}

/** Downloads one shared report's PDF and saves it under the name given. */
export function useSharedReportPdf(token: string) {
  const api = useApi();
  return useMutation({
    mutationFn: ({ reportId }: { reportId: string; fileName: string }) =>
      api.downloadPdf(`${sharePath(token)}/reports/${encodeURIComponent(reportId)}`, undefined, {
        auth: false,
        redirects: false,
      }),
    onSuccess: (blob, { fileName }) => {
      saveBlob(blob, fileName);
    },
  });
}
