import { createFileRoute } from '@tanstack/react-router';
import { GoogleDoneView } from '../features/auth/google-done-view.tsx';
import { validateGoogleDoneSearch } from '../lib/search.ts';
import { PageHeading } from '../ui/page-heading.tsx';

// Not nested in /signin (the trailing underscore): a page of its own, in the popup or the tab.
export const Route = createFileRoute('/signin_/google-done')({
  validateSearch: validateGoogleDoneSearch,
  component: GoogleDonePage,
});

function GoogleDonePage() {
  const { mode, next, error } = Route.useSearch();
  return (
    <>
      <PageHeading title="Sign in with Google" />
      <GoogleDoneView mode={mode} next={next} error={error} />
    </>
  );
}
