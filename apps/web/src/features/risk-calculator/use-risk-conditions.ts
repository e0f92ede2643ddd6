import type { DiseaseCode } from '@nestling/shared/catalogue/diseases';
import {
  publishedRiskConditions,
  riskConditionsAnswerSchema,
  type RiskCondition,
} from '@nestling/shared/contract/risk-calculator';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../../lib/api-context.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';

export const riskConditionsQueryKey = ['risk-calculator', 'conditions'] as const;

export type RiskConditions =
  | { status: 'loading' }
  /** `fromLab` false: the server could not answer, so the published values stand in. */
  | { status: 'ready'; conditions: ReadonlyMap<DiseaseCode, RiskCondition>; fromLab: boolean };

/** The calculator's starting values per condition, as the lab has them. */
export function useRiskConditions(): RiskConditions {
  const api = useApi();
  const asUser = useViewAs();
  const query = useQuery({
    queryKey: [...riskConditionsQueryKey, asUser ?? null],
    queryFn: ({ signal }) =>
      api.get('/risk-calculator/conditions', riskConditionsAnswerSchema, {
        query: { asUser },
        signal,
      }),
    staleTime: 60_000,
  });
  const data = query.data;
  const failed = query.isError;
  return useMemo(() => {
    if (data !== undefined) {
      return {
        status: 'ready',
        conditions: new Map(data.conditions.map((condition) => [condition.code, condition])),
        fromLab: true,
      };
    }
    if (failed) {
      return {
        status: 'ready',
        conditions: new Map(
          publishedRiskConditions().map((condition) => [condition.code, condition]),
        ),
        fromLab: false,
      };
    }
    return { status: 'loading' };
  }, [data, failed]);
}
