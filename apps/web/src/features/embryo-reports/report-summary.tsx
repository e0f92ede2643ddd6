import { List, Paper, Stack, Text, Title } from '@mantine/core';
import type { Embryo, EmbryoReport, VariantFinding } from '@nestling/shared/contract/report';
import { chromosomesText, sexText } from '@nestling/shared/report-wording';
import { useId } from 'react';
import { EmbryoPageLink, ReportPageLink, type EmbryoReportLinks } from './embryo-links.tsx';
import {
  capitalize,
  countInWords,
  embryoName,
  embryosByPriority,
  hasChromosomeFinding,
  hasMonogenicFinding,
} from './embryo-wording.ts';
import classes from './embryo-reports.module.css';
import { PriorityMethod } from './priority-method.tsx';
import { ScreenedLists, TestDetailsSection } from '../reports/index.ts';

/** Whether the test looked for single-gene findings at all (a scores-only test does not). */
export function singleGeneScreened(report: EmbryoReport): boolean {
  return (
    report.genes.length > 0 ||
    report.variants.length > 0 ||
    report.embryos.some(
      (embryo) =>
        embryo.monogenic.length > 0 ||
        embryo.neurodevelopmentalVariants.length > 0 ||
        embryo.cancerVariants.length > 0,
    )
  );
}

/** '1 embryo has', '2 embryos have', 'No embryos have' at the start of a sentence. */
function embryosHave(count: number): string {
  return `${capitalize(countInWords(count, 'embryo'))} ${count === 1 ? 'has' : 'have'}`;
}

/** The plain summary: how many embryos, and how many with each kind of finding. */
function SummaryText({ report }: { report: EmbryoReport }) {
  const { embryos } = report;
  const chromosome = embryos.filter(hasChromosomeFinding).length;
  const monogenic = embryos.filter(hasMonogenicFinding).length;
  const neuro = embryos.filter((embryo) => embryo.neurodevelopmentalVariants.length > 0).length;
  const cancer = embryos.filter((embryo) => embryo.cancerVariants.length > 0).length;
  return (
    <Stack gap="xs">
      <Text>
        The lab screened {countInWords(embryos.length, 'embryo')}. {embryosHave(chromosome)} a
        chromosome finding.
      </Text>
      {singleGeneScreened(report) ? (
        <>
          <Text>{embryosHave(monogenic)} a monogenic (single-gene) finding.</Text>
          <Text>
            {neuro === 0 && cancer === 0
              ? 'No embryo has a neurodevelopmental or cancer variant among those screened.'
              : `${embryosHave(neuro)} a neurodevelopmental variant; ${countInWords(cancer, 'embryo')} ${cancer === 1 ? 'has' : 'have'} a cancer variant.`}
          </Text>
        </>
      ) : (
        <Text>
          This test looked at genetic risk scores only: single-gene conditions and variants were not
          screened.
        </Text>
      )}
    </Stack>
  );
}

function findingsText(findings: readonly VariantFinding[], screened: boolean): string {
  if (!screened) return 'Not screened';
  if (findings.length === 0) return 'None found';
  return findings.map((finding) => `${finding.gene}: ${finding.condition}`).join('; ');
}

function EmbryoCard({
  embryo,
  position,
  total,
  screened,
  links,
}: {
  embryo: Embryo;
  position: number;
  total: number;
  screened: boolean;
  links: EmbryoReportLinks;
}) {
  const headingId = useId();
  return (
    <Paper component="article" withBorder p="md" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} mb="sm">
        <EmbryoPageLink links={links} position={position}>
          {embryoName(embryo.label)}
        </EmbryoPageLink>
      </Title>
      <dl className={classes.facts}>
        <dt>Priority</dt>
        <dd>
          {embryo.priority} of {total}
        </dd>
        <dt>Morphology grade</dt>
        <dd>{embryo.morphology}</dd>
        <dt>Sex</dt>
        <dd>{sexText(embryo.sex)}</dd>
        <dt>Chromosomes</dt>
        <dd>{chromosomesText(embryo.chromosomes)}</dd>
        <dt>Monogenic findings</dt>
        <dd>{findingsText(embryo.monogenic, screened)}</dd>
        <dt>Neurodevelopmental variants</dt>
        <dd>{findingsText(embryo.neurodevelopmentalVariants, screened)}</dd>
        <dt>Cancer variants</dt>
        <dd>{findingsText(embryo.cancerVariants, screened)}</dd>
      </dl>
    </Paper>
  );
}

/** The report page: a plain summary, the lab's ranking, one card per embryo, the other views. */
export function ReportSummary({
  content,
  links,
  labReportId,
}: {
  content: EmbryoReport;
  links: EmbryoReportLinks;
  labReportId: string;
}) {
  const summaryId = useId();
  const embryosId = useId();
  const viewsId = useId();
  const screened = singleGeneScreened(content);
  return (
    <Stack gap="xl">
      <section aria-labelledby={summaryId}>
        <Title order={2} id={summaryId} mb="sm">
          Summary
        </Title>
        <SummaryText report={content} />
      </section>

      <PriorityMethod method={content.priorityMethod} />

      <section aria-labelledby={embryosId}>
        <Title order={2} id={embryosId} mb="sm">
          Your embryos, in priority order
        </Title>
        <ul className={classes.cards}>
          {embryosByPriority(content).map(({ embryo, position }) => (
            <li key={embryo.label}>
              <EmbryoCard
                embryo={embryo}
                position={position}
                total={content.embryos.length}
                screened={screened}
                links={links}
              />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={viewsId}>
        <Title order={2} id={viewsId} mb="sm">
          More ways to look at the results
        </Title>
        <List spacing="xs">
          <List.Item>
            <ReportPageLink links={links} view="overview">
              Overview
            </ReportPageLink>
            : every embryo in one table.
          </List.Item>
          <List.Item>
            <ReportPageLink links={links} view="compare">
              Compare embryos
            </ReportPageLink>
            : every condition&apos;s risk side by side, to sort and filter.
          </List.Item>
          <List.Item>
            <ReportPageLink links={links} view="platinum">
              Platinum
            </ReportPageLink>
            : the polygenic risk of each condition as charts, every embryo on each.
          </List.Item>
        </List>
      </section>

      <TestDetailsSection test={content.test} />
      {screened && <ScreenedLists genes={content.genes} variants={content.variants} />}
      <Text size="sm" c="dimmed">
        The lab&apos;s reference for this report: {labReportId}.
      </Text>
    </Stack>
  );
}
