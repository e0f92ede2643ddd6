import {
  questionnaireResponseSchema,
  surveyConflictSchema,
  surveyMissingSchema,
  surveyResponseAnswerSchema,
  surveySummarySchema,
  type SurveySaveRequest,
} from '@nestling/shared/contract/health-survey';
import type { SurveyVariant } from '@nestling/shared/health-survey/questionnaires';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useApi } from '../../lib/api-context.tsx';
import { ApiError, type ApiClient } from '../../lib/api.ts';
import { useViewAs } from '../../lib/use-view-as.ts';
import {
  createAutosaver,
  pendingStorageKey,
  type Autosaver,
  type AutosaverSnapshot,
  type SaveOutcome,
} from './autosaver.ts';

export const healthSurveyQueryKey = ['health-survey'] as const;

/** GET /health-survey: the person's variant and where they are with it. */
export function useSurveySummary() {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    queryKey: [...healthSurveyQueryKey, 'summary', asUser ?? null],
    queryFn: ({ signal }) =>
      api.get('/health-survey', surveySummarySchema, { query: { asUser }, signal }),
  });
}

/** GET /health-survey/{variant}/response: the stored answers, revision and page. */
export function useSurveyResponse(variant: SurveyVariant) {
  const api = useApi();
  const asUser = useViewAs();
  return useQuery({
    queryKey: [...healthSurveyQueryKey, 'response', variant, asUser ?? null],
    queryFn: ({ signal }) =>
      api.get(`/health-survey/${variant}/response`, surveyResponseAnswerSchema, {
        query: { asUser },
        signal,
      }),
    // The autosaver owns the answers once the page is open: a refetch would not be shown.
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** One save, its refusals turned into outcomes the autosaver acts on. */
export async function saveSurvey(
  api: ApiClient,
  variant: SurveyVariant,
  request: SurveySaveRequest,
): Promise<SaveOutcome> {
  try {
    const answer = await api.put(`/health-survey/${variant}/response`, surveyResponseAnswerSchema, {
      body: request,
    });
    return { kind: 'saved', answer };
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'failed' };
    if (error.status === 409) {
      const conflict = surveyConflictSchema.safeParse(error.body);
      if (conflict.success && conflict.data.current) {
        return { kind: 'conflict', current: conflict.data.current };
      }
      return { kind: 'locked', message: error.message };
    }
    if (error.status === 422) {
      const refused = surveyMissingSchema.safeParse(error.body);
      return {
        kind: 'incomplete',
        message: error.message,
        missing: refused.success ? refused.data.missing.map((item) => item.linkId) : [],
      };
    }
    return { kind: 'failed' };
  }
}

/** The autosaver of a loaded response: its snapshot re-renders the form. */
export function useAutosaver(
  variant: SurveyVariant,
  userId: string,
  initial: Parameters<typeof createAutosaver>[0]['initial'],
): { saver: Autosaver; snapshot: AutosaverSnapshot } {
  const api = useApi();
  const [saver] = useState(() =>
    createAutosaver({
      initial,
      storageKey: pendingStorageKey(userId, variant),
      storage: typeof window === 'undefined' ? undefined : window.localStorage,
      save: (request) => saveSurvey(api, variant, request),
    }),
  );
  useEffect(() => {
    saver.start();
    // Answers left from a failed save (another visit, before a sign-out) go now.
    void saver.flush();
    const online = () => void saver.flush();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      saver.stop();
    };
  }, [saver]);
  const snapshot = useSyncExternalStore(saver.subscribe, saver.getSnapshot);
  return useMemo(() => ({ saver, snapshot }), [saver, snapshot]);
}

/** POST /health-survey/{variant}/submit. */
export async function submitSurvey(api: ApiClient, variant: SurveyVariant) {
  return api.post(`/health-survey/${variant}/submit`, surveyResponseAnswerSchema);
}

/** Saves the QuestionnaireResponse as a file (application/fhir+json). */
export async function downloadSurvey(api: ApiClient, variant: SurveyVariant, asUser?: string) {
  const resource = await api.get(
    `/health-survey/${variant}/response.json`,
    questionnaireResponseSchema,
    { query: { asUser } },
  );
  const blob = new Blob([JSON.stringify(resource, null, 2)], { type: 'application/fhir+json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `health-survey-${variant}.json`;
  link.click();
  URL.revokeObjectURL(url);
}
