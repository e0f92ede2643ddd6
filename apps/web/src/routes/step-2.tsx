import { createFileRoute } from '@tanstack/react-router';
import { JourneyStepPage } from '../features/journey/journey-pages.tsx';

export const Route = createFileRoute('/step-2')({
  component: () => <JourneyStepPage step={2} />,
});
