import { Group, Stack, Text } from '@mantine/core';
import {
  JOURNEY_STATE_LABELS,
  type JourneyLink,
  type JourneyStep,
  type JourneyStepState,
} from '@nestling/shared/contract/journey';
import { formatUsDate } from '@nestling/shared/products';
import {
  IconCheck,
  IconClockHour4,
  IconMinus,
  IconPointFilled,
  IconArrowRight,
} from '@tabler/icons-react';
import { ButtonLink } from '../../ui/button-link.tsx';
import { useViewAs } from '../../lib/use-view-as.ts';
import classes from './journey.module.css';

/** A step's state as an icon; the state is always written beside it too. */
export function StateIcon({ state }: { state: JourneyStepState }) {
  const size = 18;
  switch (state) {
    case 'done':
      return <IconCheck size={size} stroke={3} />;
    case 'current':
      return <IconArrowRight size={size} stroke={2.5} />;
    case 'waiting':
      return <IconClockHour4 size={size} />;
    case 'not-applicable':
      return <IconMinus size={size} />;
    case 'todo':
      return <IconPointFilled size={size} />;
  }
}

/**
 * A link of the journey as a button. The server names the page; the router's types know only
 * its own routes, so the path is passed through as it came.
 */
export function JourneyLinkButton({
  link,
  primary = false,
}: {
  link: JourneyLink;
  primary?: boolean;
}) {
  return (
    <ButtonLink
      to={link.to as never}
      search={(link.search ?? {}) as never}
      variant={primary ? 'filled' : 'default'}
      size="sm"
    >
      {link.label}
    </ButtonLink>
  );
}

/** The state in words, with the date when a step is done and the date is known. */
export function stateText(step: JourneyStep): string {
  const label = step.stateLabel ?? JOURNEY_STATE_LABELS[step.state];
  return step.state === 'done' && step.doneAt !== null
    ? `${label} on ${formatUsDate(step.doneAt)}`
    : label;
}

/**
 * The steps of one test as an ordered list: each with an icon and its state in words (never
 * color alone), a short detail, the date when done, and the way to do it. Someone viewing the
 * portal as the patient sees the buttons of done steps only (to read): they may not act.
 */
export function JourneyChecklist({
  steps,
  labelId,
}: {
  steps: readonly JourneyStep[];
  /** The id of the heading that names the list. */
  labelId: string;
}) {
  const viewing = useViewAs() !== undefined;
  return (
    <ol className={classes.checklist} aria-labelledby={labelId}>
      {steps.map((step) => (
        <li
          key={step.key}
          className={classes.step}
          data-state={step.state}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span className={classes.icon} aria-hidden>
            <StateIcon state={step.state} />
          </span>
          <Stack gap={4}>
            <Text className={classes.title}>{step.title}</Text>
            <Text className={classes.state}>{stateText(step)}</Text>
            <Text size="sm">{step.detail}</Text>
            {step.link !== null && (!viewing || step.state === 'done') && (
              <Group>
                <JourneyLinkButton link={step.link} primary={step.state === 'current'} />
              </Group>
            )}
          </Stack>
        </li>
      ))}
    </ol>
  );
}
