import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';

export interface InviteBannerProps {
  /** The email of the partner who sent the invite. */
  email: string;
  /** The invite's id, for /saliva/invite/accept/{id}. */
  id: string;
}

/** Offered when the other partner has invited this user (spec sections 2 and 4). */
export function InviteBanner({ email, id }: InviteBannerProps) {
  const { brand } = useRuntimeConfig();
  return (
    <Paper component="section" aria-label="Partner invite" withBorder p="md" mb="lg">
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4}>
          <Text
            fw={600}
          >{`You've been invited to be the partner on ${email}'s preconception report`}</Text>
          <Text size="sm">
            Questions? Contact{' '}
            <Anchor href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</Anchor>.
          </Text>
        </Stack>
        <ButtonLink to="/saliva/invite/accept/$id" params={{ id }}>
          Accept invite
        </ButtonLink>
      </Group>
    </Paper>
  );
}
