import { Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { VariantFinding } from '@nestling/shared/contract/report';
import {
  furthestAboveAverage,
  listInWords,
  riskAgainstAverageText,
  type RiskAgainstAverage,
} from '@nestling/shared/report-key-points';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../ui/button-link.tsx';
import classes from './reports.module.css';

/** Where a report's summary is, for its contents and for links. */
export const SUMMARY_ID = 'summary';

/**
 * 'Your risk is furthest above average for type 2 diabetes (12.0%, average 8.0%) and …', or
 * that none is above it. `whose` starts the sentence: 'Your risk', 'Embryo E2's risk'; `riskOf`
 * picks the risk each result compares with its population average.
 */
export function aboveAverageSentence<Result extends { code: string; populationRisk: number }>(
  whose: string,
  results: readonly Result[],
  riskOf: (result: Result) => number,
): string {
  const above = furthestAboveAverage(
    results.map((result): RiskAgainstAverage => ({
      code: result.code,
      risk: riskOf(result),
      average: result.populationRisk,
    })),
  );
  if (above.length === 0) {
    return `${whose} of each condition reported is at or below the population average.`;
  }
  return `${whose} is furthest above the population average for ${listInWords(above.map(riskAgainstAverageText))}.`;
}

/** 'HBB, linked to Beta-thalassemia'. */
function findingInWords(finding: VariantFinding): string {
  return `${finding.gene}, linked to ${finding.condition}`;
}

/** What the single-gene findings come to, in one sentence. */
export function findingsSentence(findings: readonly VariantFinding[], whose: string): string {
  if (findings.length === 0) {
    return `The lab found no disease-causing variant in ${whose} genes screened.`;
  }
  return `The lab found ${findings.length === 1 ? 'a single-gene finding' : `${String(findings.length)} single-gene findings`} in ${whose} genes: ${listInWords(findings.map(findingInWords))}. ${findings.length === 1 ? 'It is' : 'They are'} described below.`;
}

/**
 * A report's summary, first on the page: the few things that matter most, in
 * words, then what to do next. The numbers behind them are in the sections below.
 */
export function KeyPoints({
  callouts,
  points,
}: {
  /** Findings that must stand out, above the points. */
  callouts?: ReactNode;
  points: readonly ReactNode[];
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${SUMMARY_ID}-heading`}>
      <Stack gap="sm" id={SUMMARY_ID}>
        <Title order={2} id={`${SUMMARY_ID}-heading`}>
          Summary
        </Title>
        {callouts}
        <List spacing="xs">
          {points.map((point, index) => (
            // The points are fixed for a report version; their order is their identity.
            <List.Item key={index}>{point}</List.Item>
          ))}
        </List>
        <Group gap="sm">
          <Text>
            <strong>What to do next:</strong> talk it through with a genetic counselor.
          </Text>
          <ButtonLink
            to="/schedule-appointment"
            variant="default"
            size="sm"
            className={classes.screenOnly}
          >
            Book a call with a counselor
          </ButtonLink>
        </Group>
      </Stack>
    </Paper>
  );
}
