import { Anchor, Stack, Text, Title } from '@mantine/core';
import {
  FORBIDDEN_DEFAULT_MESSAGE,
  portalForbiddenMessage,
} from '@nestling/shared/contract/forbidden';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { AnchorLink } from '../../ui/anchor-link.tsx';

/**
 * /403: the reason the server gave, when it is one the portal wrote (any other text from the
 * address is not echoed), and the ways onward.
 */
export function ForbiddenPage({ message }: { message?: string | undefined }) {
  const { brand } = useRuntimeConfig();
  return (
    <Stack align="flex-start" gap="md">
      <Title order={1}>Access denied</Title>
      <Text size="lg">{portalForbiddenMessage(message) ?? FORBIDDEN_DEFAULT_MESSAGE}</Text>
      <Text>
        If you think you should have access, contact{' '}
        <Anchor href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</Anchor>.
      </Text>
      <AnchorLink to="/">Go to the homepage</AnchorLink>
    </Stack>
  );
}
