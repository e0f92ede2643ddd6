import '@mantine/core/styles/Card.css';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { JOURNEY_NEXT_PHRASES } from '@nestling/shared/contract/journey';
import { ButtonLink } from '../../ui/button-link.tsx';
import { usePendingInvitations } from '../partner/index.ts';
import { useViewAs } from '../../lib/use-view-as.ts';
import { JourneyLinkButton } from './journey-checklist.tsx';
import { useJourney } from './use-journey.ts';

/**
 * The person's next step, for a reports tab with no report yet: 'Next: answer your health
 * survey' and the button to do it; for someone with no test, buying one. Nothing while the
 * journey loads, when it fails (the tab's own text stays) or when nothing is theirs to do now.
 */
export function NextStepCard() {
  const journey = useJourney();
  const viewing = useViewAs() !== undefined;
  const next = journey.data?.next ?? null;
  const noTest = journey.data?.tests.length === 0 && !viewing;
  const invitations = usePendingInvitations(noTest);
  const invitation = invitations.data?.invitations[0];
  if (noTest && invitations.isPending) return null;
  if (noTest && invitation !== undefined) {
    // Invited by a partner who bought the test: joining them is the next step, not buying.
    return (
      <Card withBorder padding="md">
        <Stack gap={6} align="flex-start">
          <Title order={2} size="h4">
            Next: accept your partner&apos;s invitation
          </Title>
          <Text>{`${invitation.inviterEmail} bought a couple test and invited you to join it.`}</Text>
          <ButtonLink to="/saliva/invite/accept/$id" params={{ id: invitation.id }}>
            See the invitation
          </ButtonLink>
        </Stack>
      </Card>
    );
  }
  if (noTest) {
    // No test at all: buying one is the next step.
    return (
      <Card withBorder padding="md">
        <Stack gap={6} align="flex-start">
          <Title order={2} size="h4">
            Next: {JOURNEY_NEXT_PHRASES.purchased}
          </Title>
          <Text>A couple test screens you and your partner; an individual test, you alone.</Text>
          <Group>
            <JourneyLinkButton link={{ to: '/purchase', label: 'Buy a couple test' }} primary />
            <JourneyLinkButton
              link={{ to: '/individual-purchase', label: 'Buy an individual test' }}
            />
          </Group>
        </Stack>
      </Card>
    );
  }
  if (next === null) return null;
  const test = journey.data?.tests.find((entry) => entry.id === next.testId);
  const phrase = JOURNEY_NEXT_PHRASES[next.step.key];
  return (
    <Card withBorder padding="md">
      <Stack gap={6} align="flex-start">
        <Title order={2} size="h4">
          Next: {phrase}
        </Title>
        <Text>{next.step.detail}</Text>
        {test !== undefined && <Text size="sm">{test.name}</Text>}
        <Group>
          {next.step.link !== null && !viewing && (
            <JourneyLinkButton link={next.step.link} primary />
          )}
          <JourneyLinkButton
            link={{ to: test?.kind === 'pgt' ? '/pgt' : '/saliva', label: 'See every step' }}
          />
        </Group>
      </Stack>
    </Card>
  );
}
