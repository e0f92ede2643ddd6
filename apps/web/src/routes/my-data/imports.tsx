import { createFileRoute } from '@tanstack/react-router';
import { ImportsPage } from '../../features/my-data/imports-page.tsx';
import { MyDataPage } from '../../features/my-data/my-data-page.tsx';

export const Route = createFileRoute('/my-data/imports')({
  component: () => (
    <MyDataPage
      title="My data: imports"
      purpose="The data files you have imported and their status."
    >
      <ImportsPage />
    </MyDataPage>
  ),
});
