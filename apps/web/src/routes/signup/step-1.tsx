import { Loader, Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ProfileForm } from '../../features/auth/profile-form.tsx';
import { FormError } from '../../features/auth/form-parts.tsx';
import { useCurrentUser } from '../../features/session/use-current-user.ts';
import { validateNextSearch } from '../../lib/search.ts';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';

export const Route = createFileRoute('/signup/step-1')({
  validateSearch: validateNextSearch,
  component: CompleteProfilePage,
});

function CompleteProfilePage() {
  const { next } = Route.useSearch();
  const user = useCurrentUser();
  return (
    <>
      <PageHeading
        title="Complete your profile"
        lead="Add the details the lab needs before you can continue: your name, sex, phone number and date of birth."
      />
      {user.isLoading && <Loader size="sm" role="status" aria-label="Loading" />}
      {user.isError && <FormError error={user.error} />}
      {user.data && <ProfileForm key={user.data.id} user={user.data} next={next} />}
      {!user.isLoading && !user.data && !user.isError && (
        <Text>
          <AnchorLink to="/signin" search={{ next: '/signup/step-1' }}>
            Sign in
          </AnchorLink>{' '}
          to complete your profile.
        </Text>
      )}
    </>
  );
}
