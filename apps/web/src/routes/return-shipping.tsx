import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/return-shipping')({
  component: () => (
    <PlannedPage title="Return shipping" purpose="How to send your sample back to the lab." />
  ),
});
