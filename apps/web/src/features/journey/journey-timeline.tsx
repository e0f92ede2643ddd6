import { Group, Stack, Text, Title } from '@mantine/core';
import {
  JOURNEY_NEXT_PHRASES,
  JOURNEY_STATE_LABELS,
  type JourneyAnswer,
  type JourneyTest,
} from '@nestling/shared/contract/journey';
import { formatUsDate } from '@nestling/shared/products';
import { useViewAs } from '../../lib/use-view-as.ts';
import { JourneyLinkButton, StateIcon } from './journey-checklist.tsx';
import classes from './journey.module.css';
import { NextStepCard } from './next-step-card.tsx';
import { useJourney } from './use-journey.ts';

const HEADING_ID = 'journey-next';

/** What the timeline leads with: the person's one next action, or where things stand. */
function headline(test: JourneyTest, answer: JourneyAnswer) {
  const next = answer.next?.testId === test.id ? answer.next.step : null;
  if (next !== null) {
    return {
      title: `Next: ${JOURNEY_NEXT_PHRASES[next.key]}`,
      detail: next.detail,
      link: next.link,
    };
  }
  const results = test.steps.find((step) => step.key === 'results');
  if (results?.state === 'done') {
    return { title: 'Your results are ready', detail: results.detail, link: results.link };
  }
  const waiting = test.steps.find((step) => step.state === 'waiting');
  const expected =
    test.results.expectedBy === null
      ? ''
      : ` Results are expected by ${formatUsDate(test.results.expectedBy)}.`;
  return {
    title: 'Nothing for you to do now',
    detail: `${waiting?.detail ?? 'The lab will write when there is news.'}${expected}`,
    link: null,
  };
}

/** One test as a timeline from order to results, led by its next action or where it stands. */
function TestTimeline({
  test,
  answer,
  viewing,
}: {
  test: JourneyTest;
  answer: JourneyAnswer;
  viewing: boolean;
}) {
  const headingId = `${HEADING_ID}-${test.id}`;
  const lead = headline(test, answer);
  const steps = test.steps.filter((step) => step.state !== 'not-applicable');
  // Several steps may be the person's to do; the first is where they are.
  const currentKey = steps.find((step) => step.state === 'current')?.key;
  return (
    <section className={classes.timelineCard} aria-labelledby={headingId}>
      <Stack gap={6} align="flex-start">
        <Text size="sm" c="dimmed">
          {test.name}, bought on {formatUsDate(test.purchaseDate)}
          {test.partner !== null && test.partner.name !== null ? `, with ${test.partner.name}` : ''}
        </Text>
        <Title order={2} size="h3" id={headingId}>
          {lead.title}
        </Title>
        <Text>{lead.detail}</Text>
        <Group>
          {lead.link !== null && !viewing && <JourneyLinkButton link={lead.link} primary />}
          <JourneyLinkButton
            link={{ to: test.kind === 'pgt' ? '/pgt' : '/saliva', label: 'See every step' }}
          />
        </Group>
      </Stack>
      <ol className={classes.timeline} aria-label={`${test.name}: from order to results`}>
        {steps.map((step) => (
          <li
            key={step.key}
            className={classes.timelineStep}
            data-state={step.state}
            aria-current={step.key === currentKey ? 'step' : undefined}
          >
            <span className={classes.icon} aria-hidden>
              <StateIcon state={step.state} />
            </span>
            <span className={classes.timelineText}>
              <span className={classes.title}>{step.title}</span>
              <span className={classes.state}>
                {step.stateLabel ?? JOURNEY_STATE_LABELS[step.state]}
              </span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The signed-in home's first cards: every test as a timeline from order to results with its next
 * action, the one with something to do first, then the others newest first. Without a test, the
 * next step is to buy one or to accept a partner's invitation (NextStepCard).
 */
export function JourneyTimeline() {
  const journey = useJourney();
  const viewing = useViewAs() !== undefined;
  const answer = journey.data;
  if (answer === undefined) return null;
  const first = answer.tests.find((entry) => entry.id === answer.next?.testId) ?? answer.tests[0];
  if (first === undefined) return <NextStepCard />;
  const tests = [first, ...answer.tests.filter((entry) => entry !== first)];
  return (
    <Stack gap="md">
      {tests.map((test) => (
        <TestTimeline key={test.id} test={test} answer={answer} viewing={viewing} />
      ))}
    </Stack>
  );
}
