import '@mantine/core/styles/Progress.css';
import { Progress, Stack, Text, Title } from '@mantine/core';
import type { Answers } from '@nestling/shared/contract/health-survey';
import { isEnabled } from '@nestling/shared/health-survey/answers';
import type { QuestionnaireItem } from '@nestling/shared/health-survey/questionnaires';
import { SurveyItem, type ItemProps } from './survey-item.tsx';

export const ANSWER_THIS = 'Answer this question';

/** 'Section 2 of 6' with a bar; the review counts as the last step. */
export function SurveyProgress({ index, count }: { index: number; count: number }) {
  const label = index < count ? `Section ${String(index + 1)} of ${String(count)}` : 'Review';
  return (
    <Stack gap={4} flex={1} maw={480}>
      <Text size="sm">{label}</Text>
      <Progress.Root>
        <Progress.Section
          value={(Math.min(index + 1, count) / count) * 100}
          aria-label={label}
          color="teal.9"
        />
      </Progress.Root>
    </Stack>
  );
}

/**
 * One section (a FHIR group) as a page: its enabled items, in order. A question hidden by an
 * earlier answer (enableWhen) is not shown; one that appears is announced by being there.
 */
export function SurveySection({
  section,
  answers,
  onAnswer,
  missing,
  ageNow = null,
  reporterFor,
}: {
  section: QuestionnaireItem;
  answers: Answers;
  onAnswer: (linkId: string, ...rest: Parameters<ItemProps['onAnswer']>) => void;
  /** Questions to mark as still to answer. */
  missing: ReadonlySet<string>;
  /** The person's age now, when known. */
  ageNow?: number | null;
  /** Where each question tells of typing it cannot save yet. */
  reporterFor?: (linkId: string) => ItemProps['onProblem'];
}) {
  return (
    <Stack gap="lg">
      <Title order={2}>{section.text}</Title>
      {(section.item ?? [])
        .filter((item) => isEnabled(item, answers))
        .map((item) => (
          <SurveyItem
            key={item.linkId}
            item={item}
            answers={answers[item.linkId] ?? []}
            onAnswer={(values, options) => {
              onAnswer(item.linkId, values, options);
            }}
            error={missing.has(item.linkId) ? ANSWER_THIS : undefined}
            ageNow={ageNow}
            onProblem={reporterFor?.(item.linkId)}
          />
        ))}
    </Stack>
  );
}
