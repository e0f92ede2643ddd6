import { createFileRoute } from '@tanstack/react-router';
import { ClinicsPage } from '../features/clinics/clinics-page.tsx';

export const Route = createFileRoute('/clinics')({
  component: () => <ClinicsPage />,
});
