import { Alert, Stack, Text } from '@mantine/core';
import { SURVEY_NO_SEX, surveyPath } from '@nestling/shared/contract/health-survey';
import { Navigate } from '@tanstack/react-router';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import { pendingOrFailed } from '../../ui/page-status.tsx';
import { useSurveySummary } from './use-health-survey.ts';

/**
 * /health-survey: takes the person to their own variant (ADR 013: sex gives mother or father,
 * an embryo report on their couple account gives pgt, else saliva), or asks for their sex.
 */
export function HealthSurveyHome() {
  const summary = useSurveySummary();
  if (summary.isPending || summary.isError) {
    return (
      <>
        <PageHeading title="Health survey" />
        {pendingOrFailed(summary, 'your health survey')}
      </>
    );
  }
  const { choice } = summary.data;
  if (choice.variant !== null) return <Navigate to={surveyPath(choice.variant)} replace />;
  return (
    <>
      <PageHeading title="Health survey" />
      <Alert color="gray" title="Complete your profile first">
        <Stack gap="xs">
          <Text>{SURVEY_NO_SEX}</Text>
          <AnchorLink to="/signup/step-1">Complete your profile</AnchorLink>
        </Stack>
      </Alert>
    </>
  );
}
