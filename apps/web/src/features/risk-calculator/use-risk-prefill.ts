import { surveyResponseAnswerSchema } from '@nestling/shared/contract/health-survey';
import { answersOf } from '@nestling/shared/health-survey/answers';
import { heldBackConditions } from '@nestling/shared/risk/reportable';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../../lib/api-context.tsx';
import { healthSurveyQueryKey, useSurveySummary } from '../health-survey/index.ts';
import { useSharedReports } from '../partner/index.ts';
import { useIndividualOrders, useReport } from '../reports/index.ts';
import { useViewAs } from '../../lib/use-view-as.ts';

/*
 * What the portal already knows that the calculator can start from, read through the
 * endpoints the report and survey pages use: the person's own score percentile per condition
 * (their individual report) and their own diagnoses (the `self-<code>` answers of their health
 * survey), and the partner's score percentiles only while the partner shares their individual
 * results with the person (the server answers their report then, and 404 otherwise). The
 * partner's survey stays theirs.
 */

export interface RiskPrefill {
  /** Condition code → the person's score percentile, 0–100, from their latest individual report. */
  readonly percentiles: ReadonlyMap<string, number>;
  /** Condition code → whether the person said they have been diagnosed with it. */
  readonly diagnoses: ReadonlyMap<string, boolean>;
  /** The partner who shares their individual results, with their percentiles, if any. */
  readonly partner?: { readonly name: string; readonly percentiles: ReadonlyMap<string, number> };
}

function usePercentilesOf(orderId: string | undefined): ReadonlyMap<string, number> | undefined {
  const report = useReport(orderId === undefined ? undefined : { by: 'order', id: orderId });
  const content = report.data?.report.content;
  return useMemo(() => {
    if (content?.kind !== 'individual') return undefined;
    // A score the lab found not accurate enough is not a starting point either (ADR 030).
    const heldBack = heldBackConditions(content);
    return new Map(
      content.diseases
        .filter((result) => !heldBack.has(result.code))
        .map((result) => [result.code, result.percentile]),
    );
  }, [content]);
}

function useReportPercentiles(): ReadonlyMap<string, number> | undefined {
  const orders = useIndividualOrders();
  const chosen = orders.data?.order ?? null;
  return usePercentilesOf(chosen?.report != null ? chosen.id : undefined);
}

/** The latest individual report a partner shares now (the first partner who shares one). */
function usePartnerPercentiles(): RiskPrefill['partner'] {
  const shared = useSharedReports();
  const entry = shared.data?.shared.find((candidate) => candidate.orders.length > 0);
  const latest = entry?.orders.reduce((best, order) =>
    order.report.signedOffOn > best.report.signedOffOn ? order : best,
  );
  const percentiles = usePercentilesOf(latest?.orderId);
  return useMemo(
    () =>
      entry === undefined || percentiles === undefined
        ? undefined
        : { name: entry.partner.firstName ?? entry.partner.email, percentiles },
    [entry, percentiles],
  );
}

function useSurveyDiagnoses(): ReadonlyMap<string, boolean> | undefined {
  const api = useApi();
  const asUser = useViewAs();
  const summary = useSurveySummary();
  const variant =
    summary.data !== undefined &&
    summary.data.choice.variant !== null &&
    summary.data.status !== 'not-started'
      ? summary.data.choice.variant
      : undefined;
  // Its own key: the survey page's query of the same answers is owned by its autosaver.
  const response = useQuery({
    queryKey: [...healthSurveyQueryKey, 'risk-calculator', variant ?? null, asUser ?? null],
    queryFn: ({ signal }) =>
      api.get(`/health-survey/${variant ?? ''}/response`, surveyResponseAnswerSchema, {
        query: { asUser },
        signal,
      }),
    enabled: variant !== undefined,
  });
  const data = response.data;
  return useMemo(() => {
    if (data === undefined) return undefined;
    const diagnoses = new Map<string, boolean>();
    for (const [linkId, values] of Object.entries(answersOf(data.response))) {
      const match = /^self-([a-z0-9]+)$/.exec(linkId);
      const value = values[0];
      if (match?.[1] !== undefined && value !== undefined && 'valueBoolean' in value) {
        diagnoses.set(match[1], value.valueBoolean);
      }
    }
    return diagnoses;
  }, [data]);
}

/** The prefill, once each source has answered (a failed or empty source gives nothing). */
export function useRiskPrefill(): RiskPrefill {
  const percentiles = useReportPercentiles();
  const diagnoses = useSurveyDiagnoses();
  const partner = usePartnerPercentiles();
  return useMemo(
    () => ({
      percentiles: percentiles ?? new Map(),
      diagnoses: diagnoses ?? new Map(),
      ...(partner === undefined ? {} : { partner }),
    }),
    [percentiles, diagnoses, partner],
  );
}
