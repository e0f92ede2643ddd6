import { createFileRoute } from '@tanstack/react-router';
import { NewPasswordForm, ResetRequestForm } from '../features/auth/reset-password-view.tsx';
import { validateResetPasswordSearch } from '../lib/search.ts';
import { PageHeading } from '../ui/page-heading.tsx';

export const Route = createFileRoute('/reset-password')({
  validateSearch: validateResetPasswordSearch,
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { oobCode } = Route.useSearch();
  return (
    <>
      <PageHeading
        title={oobCode === undefined ? 'Reset your password' : 'Choose a new password'}
      />
      {oobCode === undefined ? <ResetRequestForm /> : <NewPasswordForm oobCode={oobCode} />}
    </>
  );
}
