import { createFileRoute } from '@tanstack/react-router';
import { HealthSurveyHome } from '../features/health-survey/health-survey-home.tsx';

export const Route = createFileRoute('/health-survey')({
  component: HealthSurveyHome,
});
