import { createFileRoute } from '@tanstack/react-router';
import { AuthPageLayout } from '../features/auth/auth-page-layout.tsx';
import { GoogleSignInOption } from '../features/auth/google-sign-in-option.tsx';
import { SignInForm } from '../features/auth/sign-in-form.tsx';
import { validateNextSearch } from '../lib/search.ts';
import { PageHeading } from '../ui/page-heading.tsx';

export const Route = createFileRoute('/signin')({
  // Not split off: everyone signed out lands here (the access gate sends them), so the page
  // loads with the app rather than a round trip after it.
  codeSplitGroupings: [],
  validateSearch: validateNextSearch,
  component: SignInPage,
});

function SignInPage() {
  const { next } = Route.useSearch();
  return (
    <AuthPageLayout>
      <PageHeading
        title="Sign in"
        lead="Sign in to see your reports, health surveys and account."
      />
      <SignInForm next={next} />
      <GoogleSignInOption next={next} />
    </AuthPageLayout>
  );
}
