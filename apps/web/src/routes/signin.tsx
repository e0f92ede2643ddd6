import { createFileRoute } from '@tanstack/react-router';
import { SIGN_IN_PAGE } from '@nestling/shared/sign-in-page';
import { AuthPageLayout } from '../features/auth/auth-page-layout.tsx';
import { GoogleSignInOption } from '../features/auth/google-sign-in-option.tsx';
import { SignInForm } from '../features/auth/sign-in-form.tsx';
import { validateSignInSearch } from '../lib/search.ts';
import { PageHeading } from '../ui/page-heading.tsx';

export const Route = createFileRoute('/signin')({
  // Not split off: everyone signed out lands here (the access gate sends them), so the page
  // loads with the app rather than a round trip after it.
  codeSplitGroupings: [],
  validateSearch: validateSignInSearch,
  component: SignInPage,
});

function SignInPage() {
  const { next, confirmed } = Route.useSearch();
  return (
    <AuthPageLayout>
      <PageHeading title={SIGN_IN_PAGE.title} lead={SIGN_IN_PAGE.lead} />
      <SignInForm next={next} confirmed={confirmed === true} />
      <GoogleSignInOption next={next} />
    </AuthPageLayout>
  );
}
