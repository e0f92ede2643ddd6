import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../../../ui/planned-page.tsx';

export const Route = createFileRoute('/saliva/invite/accept/$id')({
  component: () => (
    <PlannedPage
      title="Accept partner invite"
      purpose="Join your partner’s preconception screening so that you can share a joint report."
    />
  ),
});
