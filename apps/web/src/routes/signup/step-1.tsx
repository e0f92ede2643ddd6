import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../ui/planned-page.tsx';

export const Route = createFileRoute('/signup/step-1')({
  component: () => (
    <PlannedPage
      title="Complete your profile"
      purpose="Add the details the lab needs before you can continue: your name, sex, phone number and date of birth."
    />
  ),
});
