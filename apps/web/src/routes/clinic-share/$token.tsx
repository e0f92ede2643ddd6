import { createFileRoute } from '@tanstack/react-router';
import { ClinicSharePage } from '../../features/clinics/clinic-share-page.tsx';

export const Route = createFileRoute('/clinic-share/$token')({
  component: function ClinicShare() {
    const { token } = Route.useParams();
    return <ClinicSharePage token={token} />;
  },
});
