import { Stack, Text, Title } from '@mantine/core';
import { AnchorLink } from '../../ui/anchor-link.tsx';

/**
 * Before the lab has delivered an embryo report: what happens next, calmly. `onOtherAccount`
 * when another of the person's couple accounts has one.
 */
export function NoEmbryoReport({
  title,
  onOtherAccount = false,
}: {
  title: string;
  onOtherAccount?: boolean;
}) {
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>{title}</Title>
      <Text size="lg">The lab has not delivered an embryo report for you yet.</Text>
      {onOtherAccount ? (
        <Text>
          Your most recent couple account has none, but another of your accounts does. You can open
          it from the list of your embryo reports.
        </Text>
      ) : (
        <Text>
          There is nothing you need to do. Once your clinic has sent the lab the samples from your
          embryos, the lab screens them and its director signs off the report. It appears here as
          soon as that happens, for you and your partner.
        </Text>
      )}
      <Stack gap="xs">
        {onOtherAccount && <AnchorLink to="/reports/embryos">Your embryo reports</AnchorLink>}
        <AnchorLink to="/resources/embryo-screening-guide">
          What embryo screening looks at
        </AnchorLink>
        <AnchorLink to="/reports">Back to your reports</AnchorLink>
      </Stack>
    </Stack>
  );
}
