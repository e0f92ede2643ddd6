import { createFileRoute } from '@tanstack/react-router';
import { AcceptInvitePage } from '../../../features/partner/accept-invite-page.tsx';

export const Route = createFileRoute('/invite/accept/$id')({
  component: function AcceptInvite() {
    const { id } = Route.useParams();
    return <AcceptInvitePage id={id} />;
  },
});
