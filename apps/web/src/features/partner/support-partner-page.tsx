import { List, Stack, Text, Title } from '@mantine/core';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';

/** /support-partner: the partner's part, in plain words. */
export function SupportPartnerPage() {
  return (
    <>
      <PageHeading
        title="Supporting your partner"
        lead="What the partner does in a couple's screening, and what each of you sees."
      />
      <Stack gap="md">
        <Title order={2} size="h3">
          What the partner does
        </Title>
        <List>
          <List.Item>Accepts the invitation emailed by the person who bought the test.</List.Item>
          <List.Item>Answers their own health survey and accepts the terms.</List.Item>
          <List.Item>Activates their kit and sends back their saliva sample.</List.Item>
        </List>
        <Title order={2} size="h3">
          What each of you sees
        </Title>
        <Text>
          The joint report, which combines both of your results, is shared by both of you. Your
          individual report is yours: your partner sees it only if you choose to share it.
        </Text>
        <Title order={2} size="h3">
          Your consent, and changing it
        </Title>
        <Text>
          Each of you chooses, on the <AnchorLink to="/partner">Partner page</AnchorLink>, whether
          the other may see your individual results. It is off until you turn it on, and you can
          turn it off at any time: your partner loses access at once.
        </Text>
      </Stack>
    </>
  );
}
