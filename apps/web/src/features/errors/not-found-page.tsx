import { Stack, Text, Title } from '@mantine/core';
import { HomeButton } from './home-button.tsx';

/** An address that matches no page. */
export function NotFoundPage() {
  return (
    <Stack align="flex-start" gap="md">
      <Title order={1}>Page not found</Title>
      <Text size="lg">
        There is no page at this address. The link may be mistyped or out of date.
      </Text>
      <HomeButton />
    </Stack>
  );
}
