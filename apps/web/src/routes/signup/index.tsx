import { createFileRoute } from '@tanstack/react-router';
import { AuthPageLayout } from '../../features/auth/auth-page-layout.tsx';
import { GoogleSignInOption } from '../../features/auth/google-sign-in-option.tsx';
import { SignUpForm } from '../../features/auth/sign-up-form.tsx';
import { validateNextSearch } from '../../lib/search.ts';
import { PageHeading } from '../../ui/page-heading.tsx';

export const Route = createFileRoute('/signup/')({
  validateSearch: validateNextSearch,
  component: SignUpPage,
});

function SignUpPage() {
  const { next } = Route.useSearch();
  return (
    <AuthPageLayout>
      <PageHeading
        title="Create your account"
        lead="An account lets you order screening, answer health surveys and read your reports."
      />
      <SignUpForm next={next} />
      <GoogleSignInOption next={next} />
    </AuthPageLayout>
  );
}
