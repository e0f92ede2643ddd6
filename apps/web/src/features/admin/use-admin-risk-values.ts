import {
  riskConditionSchema,
  riskConditionsAnswerSchema,
  type RiskConditionUpdate,
} from '@nestling/shared/contract/risk-calculator';
import type { DiseaseCode } from '@nestling/shared/catalogue/diseases';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { riskConditionsQueryKey } from '../risk-calculator/index.ts';

/*
 * The lab staff's calls for the risk calculator's starting values. Each change refreshes the
 * admin table and the calculator's own copy, so both show what the server holds.
 */

const adminKey = ['admin', 'risk-conditions'] as const;

/** GET /risk-calculator/conditions, as staff see it (with who changed each condition). */
export function useAdminRiskConditions() {
  const api = useApi();
  return useQuery({
    queryKey: adminKey,
    queryFn: ({ signal }) =>
      api.get('/risk-calculator/conditions', riskConditionsAnswerSchema, { signal }),
  });
}

function useRefreshRiskConditions() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKey }),
      queryClient.invalidateQueries({ queryKey: riskConditionsQueryKey }),
    ]);
}

/** PUT /admin/risk-conditions/{code}: the lab's values (null: the published one) and a note. */
export function useSetRiskCondition() {
  const api = useApi();
  const refresh = useRefreshRiskConditions();
  return useMutation({
    mutationFn: ({ code, body }: { code: DiseaseCode; body: RiskConditionUpdate }) =>
      api.put(`/admin/risk-conditions/${encodeURIComponent(code)}`, riskConditionSchema, {
        body,
        redirects: false,
      }),
    onSuccess: refresh,
  });
}

/** DELETE /admin/risk-conditions/{code}: back to the published values. */
export function useRestoreRiskCondition() {
  const api = useApi();
  const refresh = useRefreshRiskConditions();
  return useMutation({
    mutationFn: (code: DiseaseCode) =>
      api.delete(`/admin/risk-conditions/${encodeURIComponent(code)}`, riskConditionSchema, {
        redirects: false,
      }),
    onSuccess: refresh,
  });
}
