import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The page's one h1, with an optional lead sentence under it. */
export function PageHeading({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <Stack gap="xs" mb="lg">
      <Title order={1}>{title}</Title>
      {lead !== undefined && <Text size="lg">{lead}</Text>}
    </Stack>
  );
}
