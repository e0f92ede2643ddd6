import { Alert, Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { getDisease } from '@nestling/shared/catalogue/diseases';
import type {
  DiseaseResult,
  Embryo,
  EmbryoReport,
  VariantFinding,
} from '@nestling/shared/contract/report';
import {
  classificationText,
  inheritanceText,
  zygosityText,
  intervalText,
  chromosomesText,
  modelText,
  percentileCell,
  percentileSentence,
  relativeRiskText,
  riskGist,
  riskPercent,
  sexText,
} from '@nestling/shared/report-wording';
import { outcomesInWords } from '@nestling/shared/risk/ranking-stability';
import { heldBackConditions, NOT_ACCURATE_ENOUGH } from '@nestling/shared/risk/reportable';
import { useId } from 'react';
import { DensityChart, DotGrid } from '../charts/index.ts';
import {
  KeyPoints,
  NotAccurateEnoughNote,
  NotAccurateEnoughSection,
  OpenAllButtons,
  OpenableSection,
  OpenableSections,
  ScrollRegion,
  VariantFindingsTable,
  aboveAverageSentence,
  findingsSentence,
  reportsClasses as reportClasses,
} from '../reports/index.ts';
import { EmbryoPageLink, ReportPageLink, type EmbryoReportLinks } from './embryo-links.tsx';
import { embryoName, embryoPeople, notReportedSummary } from './embryo-wording.ts';
import classes from './embryo-reports.module.css';
import { conditionStandings, type ConditionStandings } from './ranking-standings.ts';
import { singleGeneScreened } from './report-summary.tsx';

/** The embryo at `x`, its 1-based place in the lab's list; undefined for anything else. */
export function embryoAtPosition(
  content: EmbryoReport,
  x: string | undefined,
): { embryo: Embryo; position: number } | undefined {
  if (x === undefined || !/^[1-9][0-9]{0,2}$/.test(x)) return undefined;
  const position = Number(x);
  const embryo = content.embryos[position - 1];
  return embryo === undefined ? undefined : { embryo, position };
}

const diseaseAnchor = (code: string) => `risk-${code}`;

function chromosomeExplanation(embryo: Embryo): string {
  if (embryo.chromosomes.status === 'euploid') {
    return 'No missing or extra chromosome was found.';
  }
  return 'A genetic counselor can explain what this finding means for a transfer.';
}

/**
 * Every condition at a glance, absolute lifetime risk first; each name leads to its section. A
 * condition whose score is not accurate enough says so instead (ADR 030).
 */
function RiskTable({ embryo, heldBack }: { embryo: Embryo; heldBack: ReadonlySet<string> }) {
  const name = embryoName(embryo.label);
  const caption = `${name}: lifetime risk of each condition`;
  return (
    <>
      <ScrollRegion label={caption}>
        <Table className={classes.table} captionSide="top" verticalSpacing="xs">
          <Table.Caption className={classes.caption}>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Condition</Table.Th>
              <Table.Th scope="col">Lifetime risk</Table.Th>
              <Table.Th scope="col">Population average</Table.Th>
              <Table.Th scope="col">Relative risk</Table.Th>
              <Table.Th scope="col">Percentile</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {embryo.diseases.map((result) => (
              <Table.Tr key={result.code}>
                <Table.Th scope="row">
                  <Anchor href={`#${diseaseAnchor(result.code)}`}>
                    {getDisease(result.code).name}
                  </Anchor>
                </Table.Th>
                {heldBack.has(result.code) ? (
                  <Table.Td colSpan={4}>{NOT_ACCURATE_ENOUGH}</Table.Td>
                ) : (
                  <>
                    <Table.Td>{riskPercent(result.absoluteRisk)}</Table.Td>
                    <Table.Td>{riskPercent(result.populationRisk)}</Table.Td>
                    <Table.Td>{result.relativeRisk.toFixed(2)}×</Table.Td>
                    <Table.Td>{percentileCell(result.percentile)}</Table.Td>
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      <NotAccurateEnoughNote show={embryo.diseases.some((result) => heldBack.has(result.code))} />
    </>
  );
}

/**
 * 'Among the 5 embryos with a result, Embryo E2 ranks first … in about 3 of 10 plausible
 * outcomes, and in the top two in about 6 of 10.' Nothing when it cannot be said.
 */
function standingSentence(embryo: Embryo, ranking: ConditionStandings | undefined): string {
  const standing = ranking?.standings.find((entry) => entry.label === embryo.label);
  if (ranking === undefined || standing === undefined) return '';
  return `Among the ${String(ranking.standings.length)} embryos with a result, ${embryoName(embryo.label)} ranks first, with the lowest genetic risk, in ${outcomesInWords(standing.first)} plausible outcomes, and in the top two in ${outcomesInWords(standing.topTwo)}, given how well the score tells siblings apart.`;
}

/**
 * One condition for one embryo: the absolute risk as dots and words first, then the relative
 * risk, the percentile and the interval, then where its score falls in the population.
 */
function DiseaseSection({
  content,
  embryo,
  result,
  heldBack,
}: {
  content: EmbryoReport;
  embryo: Embryo;
  result: DiseaseResult;
  heldBack: boolean;
}) {
  const entry = getDisease(result.code);
  const name = embryoName(embryo.label);
  return (
    <OpenableSection
      id={diseaseAnchor(result.code)}
      title={entry.name}
      gist={
        heldBack
          ? NOT_ACCURATE_ENOUGH
          : riskGist('Risk', result.absoluteRisk, result.populationRisk)
      }
    >
      {() => {
        if (heldBack) return <NotAccurateEnoughSection code={result.code} model={result.model} />;
        // How sure the order by this condition is, over every embryo of the report (ADR 028):
        // worked out when the section opens.
        const standing = standingSentence(embryo, conditionStandings(content.embryos, result.code));
        const populationScores = content.charts.density[result.code]?.values;
        return (
          <div className={classes.chartPair}>
            <DotGrid
              entry={entry}
              lifetimeRiskPercent={result.absoluteRisk * 100}
              populationAverageRiskPercent={result.populationRisk * 100}
              peopleDescription={embryoPeople(embryo.label)}
            />
            <Stack gap="sm">
              <Text>
                {name}&apos;s lifetime risk is {relativeRiskText(result.relativeRisk)}.{' '}
                {percentileSentence(result.percentile, `${name}'s score`)}
              </Text>
              {standing !== '' && <Text>{standing}</Text>}
              <Text size="sm" c="dimmed">
                {intervalText(result.interval)}. Model: {modelText(result.model)}.
              </Text>
              {populationScores !== undefined && populationScores.length > 0 && (
                <DensityChart
                  entry={entry}
                  populationScores={populationScores}
                  embryos={[{ label: name, score: result.score, percentile: result.percentile }]}
                />
              )}
            </Stack>
          </div>
        );
      }}
    </OpenableSection>
  );
}

/**
 * An embryo's single-gene findings as callouts: what each means and what to
 * do next, above everything else on its page.
 */
function FindingCallouts({
  name,
  findings,
}: {
  name: string;
  findings: readonly VariantFinding[];
}) {
  return (
    <Stack gap="sm">
      {findings.map((finding) => (
        <Alert
          key={`${finding.gene}-${finding.variant}`}
          color="orange"
          variant="light"
          title={`${name} has a single-gene finding: ${finding.condition}`}
        >
          <Stack gap={6}>
            <Text>
              The lab found a {classificationText(finding.classification).toLowerCase()} variant in
              the gene {finding.gene}, {zygosityText(finding.zygosity).toLowerCase()} (
              {inheritanceText(finding.inheritance).toLowerCase()}). A child from this embryo could
              have the condition or carry it, depending on the variant and how it is inherited.
            </Text>
            <Text size="sm">
              <strong>What to do next:</strong> talk it through with a genetic counselor before you
              choose an embryo to transfer. The comparison can hide embryos with a finding.
            </Text>
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}

function NoSuchEmbryo({
  x,
  total,
  links,
}: {
  x: string | undefined;
  total: number;
  links: EmbryoReportLinks;
}) {
  return (
    <Stack gap="sm" align="flex-start">
      <Text role="alert">
        There is no embryo {x} in this report. It lists{' '}
        {total === 1 ? 'one embryo' : `embryos 1 to ${String(total)}`}, numbered in the lab&apos;s
        order.
      </Text>
      <ReportPageLink links={links} view="report">
        Back to the report
      </ReportPageLink>
      <ReportPageLink links={links} view="overview">
        See every embryo in the overview
      </ReportPageLink>
    </Stack>
  );
}

/** One embryo in full: what it is, its single-gene findings, and every condition's risk. */
export function EmbryoDetail({
  content,
  embryo: x,
  links,
}: {
  content: EmbryoReport;
  embryo: string | undefined;
  links: EmbryoReportLinks;
}) {
  const glanceId = useId();
  const findingsId = useId();
  const risksId = useId();
  const found = embryoAtPosition(content, x);
  if (found === undefined) {
    return <NoSuchEmbryo x={x} total={content.embryos.length} links={links} />;
  }
  const { embryo, position } = found;
  const name = embryoName(embryo.label);
  const screened = singleGeneScreened(content);
  const previous = position > 1 ? content.embryos[position - 2] : undefined;
  const next = content.embryos[position];
  const notReported = notReportedSummary(content, embryo);
  const heldBack = heldBackConditions(content);

  const reported = embryo.diseases.filter((result) => !heldBack.has(result.code));
  const findings = screened
    ? [...embryo.monogenic, ...embryo.neurodevelopmentalVariants, ...embryo.cancerVariants]
    : [];
  return (
    <OpenableSections>
      <Stack gap="xl">
        <KeyPoints
          callouts={findings.length > 0 && <FindingCallouts name={name} findings={findings} />}
          points={[
            `Chromosomes: ${chromosomesText(embryo.chromosomes)}. ${chromosomeExplanation(embryo)}`,
            ...(screened && findings.length === 0 ? [findingsSentence([], `${name}'s`)] : []),
            aboveAverageSentence(`${name}'s risk`, reported, (result) => result.absoluteRisk),
          ]}
        />
        <section aria-labelledby={glanceId}>
          <Paper withBorder p="md">
            <Title order={2} id={glanceId} mb="sm">
              At a glance
            </Title>
            <dl className={classes.facts}>
              <dt>Priority</dt>
              <dd>
                {embryo.priority} of {content.embryos.length}
              </dd>
              <dt>Morphology grade</dt>
              <dd>{embryo.morphology}</dd>
              <dt>Sex</dt>
              <dd>{sexText(embryo.sex)}</dd>
              <dt>Chromosomes</dt>
              <dd>
                {chromosomesText(embryo.chromosomes)}. {chromosomeExplanation(embryo)}
              </dd>
            </dl>
          </Paper>
        </section>

        <section aria-labelledby={findingsId}>
          <Title order={2} id={findingsId} mb="sm">
            Single-gene findings
          </Title>
          {screened ? (
            <Stack gap="md">
              <VariantFindingsTable
                caption={`${name}: monogenic findings`}
                findings={embryo.monogenic}
                empty="No monogenic finding in the genes screened."
              />
              <VariantFindingsTable
                caption={`${name}: neurodevelopmental variants`}
                findings={embryo.neurodevelopmentalVariants}
                empty="No neurodevelopmental variant among those screened."
              />
              <VariantFindingsTable
                caption={`${name}: cancer variants`}
                findings={embryo.cancerVariants}
                empty="No cancer variant among those screened."
              />
            </Stack>
          ) : (
            <Text>
              This test looked at genetic risk scores only: single-gene conditions and variants were
              not screened.
            </Text>
          )}
        </section>

        <section aria-labelledby={risksId}>
          <Stack gap="lg">
            <div>
              <Title order={2} id={risksId} mb="sm">
                Lifetime risk of each condition
              </Title>
              <Text>
                The absolute lifetime risk is the chance that a person with {name}&apos;s genes
                develops the condition in their lifetime. It shifts the odds; it does not decide
                what happens. Every comparison on this page is with the population average: the
                lifetime risk of an average person.
                {/* One baseline per page; Platinum says which it uses. */}
              </Text>
            </div>
            <RiskTable embryo={embryo} heldBack={heldBack} />
            <OpenAllButtons />
            {notReported !== undefined && <Text>Not reported: {notReported}</Text>}
            <div className={reportClasses.openableGrid}>
              {embryo.diseases.map((result) => (
                <DiseaseSection
                  key={result.code}
                  content={content}
                  embryo={embryo}
                  result={result}
                  heldBack={heldBack.has(result.code)}
                />
              ))}
            </div>
          </Stack>
        </section>

        <nav aria-label="Other embryos">
          <Group gap="lg">
            {previous !== undefined && (
              <EmbryoPageLink links={links} position={position - 1}>
                Previous: {embryoName(previous.label)}
              </EmbryoPageLink>
            )}
            {next !== undefined && (
              <EmbryoPageLink links={links} position={position + 1}>
                Next: {embryoName(next.label)}
              </EmbryoPageLink>
            )}
            <ReportPageLink links={links} view="overview">
              All embryos
            </ReportPageLink>
          </Group>
        </nav>
      </Stack>
    </OpenableSections>
  );
}
