import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailView } from '../features/auth/verify-email-view.tsx';
import { validateVerifyEmailSearch } from '../lib/search.ts';
import { PageHeading } from '../ui/page-heading.tsx';

export const Route = createFileRoute('/verify-email')({
  validateSearch: validateVerifyEmailSearch,
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { next, oobCode } = Route.useSearch();
  return (
    <>
      <PageHeading
        title="Verify your email"
        lead="Your email address needs to be confirmed before you can continue."
      />
      <VerifyEmailView oobCode={oobCode} next={next} />
    </>
  );
}
