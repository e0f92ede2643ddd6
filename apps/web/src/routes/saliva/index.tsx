import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../ui/planned-page.tsx';

export const Route = createFileRoute('/saliva/')({
  component: () => (
    <PlannedPage
      title="Preconception screening"
      purpose="Screening from a saliva sample for you and your partner, before pregnancy."
    />
  ),
});
