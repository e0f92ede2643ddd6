import { createFileRoute } from '@tanstack/react-router';
import { DataRightsPage } from '../../features/my-data/data-rights-page.tsx';
import { MyDataPage } from '../../features/my-data/my-data-page.tsx';

export const Route = createFileRoute('/my-data/')({
  component: () => (
    <MyDataPage
      title="My data"
      purpose="What we hold about you, and your choices: download it, bring in your genetic data, decide about research, or delete your account."
    >
      <DataRightsPage />
    </MyDataPage>
  ),
});
