import { createFileRoute } from '@tanstack/react-router';
import { ResourcesPage } from '../../features/resources/resources-page.tsx';

export const Route = createFileRoute('/resources/')({
  component: ResourcesPage,
});
