import { createFileRoute } from '@tanstack/react-router';
import { AppointmentsPage } from '../features/appointments/appointments-page.tsx';

export const Route = createFileRoute('/schedule-appointment')({
  component: () => <AppointmentsPage />,
});
