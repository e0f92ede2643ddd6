import { createFileRoute } from '@tanstack/react-router';
import { validateSurveySearch } from '../../../features/health-survey/search.ts';
import { SurveyPage } from '../../../features/health-survey/survey-page.tsx';

export const Route = createFileRoute('/pgt/health-survey/mother')({
  validateSearch: validateSurveySearch,
  component: function HealthSurvey() {
    const { section, check } = Route.useSearch();
    return <SurveyPage variant="pgt-mother" section={section} check={check === '1'} />;
  },
});
