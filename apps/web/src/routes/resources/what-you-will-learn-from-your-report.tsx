import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../ui/planned-page.tsx';

export const Route = createFileRoute('/resources/what-you-will-learn-from-your-report')({
  component: () => (
    <PlannedPage
      title="What you will learn from your report"
      purpose="A guide to the sections of your report and what they mean."
    />
  ),
});
