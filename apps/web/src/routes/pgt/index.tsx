import { createFileRoute } from '@tanstack/react-router';
import { PgtJourneyPage } from '../../features/journey/journey-pages.tsx';

export const Route = createFileRoute('/pgt/')({
  component: PgtJourneyPage,
});
