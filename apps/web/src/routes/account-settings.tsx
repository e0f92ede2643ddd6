import { createFileRoute } from '@tanstack/react-router';
import { AccountSettings } from '../features/account/account-settings.tsx';
import { PageHeading } from '../ui/page-heading.tsx';

export const Route = createFileRoute('/account-settings')({
  component: AccountSettingsPage,
});

function AccountSettingsPage() {
  return (
    <>
      <PageHeading
        title="Account settings"
        lead="Your profile, sign-in details, devices, and who has seen your data."
      />
      <AccountSettings />
    </>
  );
}
