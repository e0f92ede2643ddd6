import { Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One part of the settings page: a region named by its h2, so screen readers can jump to it. */
export function AccountSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </section>
  );
}
