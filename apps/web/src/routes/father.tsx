import { createFileRoute } from '@tanstack/react-router';
import { RoleJourneyPage } from '../features/journey/journey-pages.tsx';

export const Route = createFileRoute('/father')({
  component: () => <RoleJourneyPage role="father" />,
});
