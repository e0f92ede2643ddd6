import { createFileRoute } from '@tanstack/react-router';
import { ResultsPage } from '../features/journey/journey-pages.tsx';

export const Route = createFileRoute('/results')({
  component: ResultsPage,
});
