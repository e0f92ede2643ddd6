import { createFileRoute } from '@tanstack/react-router';
import { MyDataPage } from '../../features/my-data/my-data-page.tsx';

export const Route = createFileRoute('/my-data/')({
  component: () => (
    <MyDataPage
      title="My data"
      purpose="Import your genetic data from elsewhere and export what the portal holds about you."
    />
  ),
});
