import { createFileRoute } from '@tanstack/react-router';
import { MyDataPage } from '../../features/my-data/my-data-page.tsx';
import { NewImportPage } from '../../features/my-data/new-import-page.tsx';

export const Route = createFileRoute('/my-data/new-import')({
  component: () => (
    <MyDataPage
      title="My data: new import"
      purpose="Upload a genetic data file from another provider."
    >
      <NewImportPage />
    </MyDataPage>
  ),
});
