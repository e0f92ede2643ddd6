import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { AnchorLink } from '../../ui/anchor-link.tsx';

export const FORBIDDEN_DEFAULT_MESSAGE = 'Your account does not have access to that page.';

/** /403: the reason the server gave (shown as text), and the ways onward. */
export function ForbiddenPage({ message }: { message?: string | undefined }) {
  const { brand } = useRuntimeConfig();
  return (
    <Stack align="flex-start" gap="md">
      <Title order={1}>Access denied</Title>
      <Text size="lg">{message ?? FORBIDDEN_DEFAULT_MESSAGE}</Text>
      <Text>
        If you think you should have access, contact{' '}
        <Anchor href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</Anchor>.
      </Text>
      <AnchorLink to="/">Go to the homepage</AnchorLink>
    </Stack>
  );
}
