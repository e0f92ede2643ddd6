import { createFileRoute } from '@tanstack/react-router';
import { ExportsPage } from '../../features/my-data/exports-page.tsx';
import { MyDataPage } from '../../features/my-data/my-data-page.tsx';

export const Route = createFileRoute('/my-data/exports')({
  component: () => (
    <MyDataPage title="My data: exports" purpose="Download a copy of your data.">
      <ExportsPage />
    </MyDataPage>
  ),
});
