import { Group, Paper, Stack, Text } from '@mantine/core';
import { useSearch } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { hasAuthToken, subscribeAuthToken } from '../../lib/auth-cookie.ts';
import { ButtonLink } from '../../ui/button-link.tsx';
import { usDateOf } from '../../ui/us-date.ts';
import { useCurrentUser } from '../session/index.ts';
import { usePrivacy } from './use-privacy.ts';

/**
 * Above every page while the person's account is set to be deleted, until it is or they keep it
 *: asking to delete is easy to forget in the two weeks it waits.
 */
export function DeletionBanner() {
  const signedIn = useSyncExternalStore(subscribeAuthToken, hasAuthToken, () => false);
  const user = useCurrentUser();
  const search = useSearch({ strict: false });
  const own =
    signedIn && user.data?.emailVerified === true && (search.as_user ?? search.email) === undefined;
  const privacy = usePrivacy(own);
  const deletion = own ? privacy.data?.deletion : undefined;
  if (deletion === undefined || deletion === null) return null;
  return (
    <Paper component="section" aria-label="Account deletion" withBorder p="md" mb="lg">
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4}>
          <Text fw={600}>
            Your account will be deleted on {usDateOf(deletion.dueAt)}, with everything in it.
          </Text>
          <Text size="sm">Until then you can keep it, in account settings.</Text>
        </Stack>
        <ButtonLink to="/account-settings">Keep my account</ButtonLink>
      </Group>
    </Paper>
  );
}
