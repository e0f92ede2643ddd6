import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { AnchorLink } from '../../ui/anchor-link.tsx';

/** /demo-redirect: where a demo report sends an account that may not open it. */
export function DemoRedirectPage() {
  const { brand } = useRuntimeConfig();
  return (
    <Stack align="flex-start" gap="md">
      <Title order={1}>Demo reports are not available for this account</Title>
      <Text size="lg">
        Demo reports show sample data and open only for demo accounts. Your own reports are on your
        reports page.
      </Text>
      <AnchorLink to="/reports">Go to your reports</AnchorLink>
      <Text>
        To see a demo, ask {brand.companyName} support at{' '}
        <Anchor href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</Anchor>.
      </Text>
    </Stack>
  );
}
