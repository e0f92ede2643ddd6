import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../../ui/planned-page.tsx';

export const Route = createFileRoute('/invite/accept/$id')({
  component: () => (
    <PlannedPage
      title="Accept partner invite"
      purpose="Join your partner’s account so that you can share joint reports."
    />
  ),
});
