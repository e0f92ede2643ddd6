import { createFileRoute } from '@tanstack/react-router';
import { SalivaJourneyPage } from '../../features/journey/journey-pages.tsx';

export const Route = createFileRoute('/saliva/')({
  component: SalivaJourneyPage,
});
