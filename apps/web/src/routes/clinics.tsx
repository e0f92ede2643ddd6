import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/clinics')({
  component: () => (
    <PlannedPage title="Clinics" purpose="Clinics where you can give your sample." />
  ),
});
