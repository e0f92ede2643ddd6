import { Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { nextSearchSchema } from '../lib/search.ts';
import { AnchorLink } from '../ui/anchor-link.tsx';
import { PageHeading } from '../ui/page-heading.tsx';

export const Route = createFileRoute('/signin')({
  validateSearch: nextSearchSchema,
  component: SignInPage,
});

function SignInPage() {
  return (
    <>
      <PageHeading
        title="Sign in"
        lead="Sign in to see your reports, health surveys and account."
      />
      <Text>
        New here? <AnchorLink to="/signup">Create your account</AnchorLink>
      </Text>
    </>
  );
}
