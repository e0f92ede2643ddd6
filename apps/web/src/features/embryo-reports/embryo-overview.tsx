import { Stack, Table, Text } from '@mantine/core';
import type { EmbryoReport, VariantFinding } from '@nestling/shared/contract/report';
import { zygosityText } from '@nestling/shared/report-wording';
import { EmbryoPageLink, type EmbryoReportLinks } from './embryo-links.tsx';
import { sexText } from '@nestling/shared/report-wording';
import { chromosomeShortText, embryoName, embryosByPriority } from './embryo-wording.ts';
import classes from './embryo-reports.module.css';
import { singleGeneScreened } from './report-summary.tsx';
import { ScrollRegion } from '../reports/index.ts';

function FindingsCell({
  findings,
  screened,
}: {
  findings: readonly VariantFinding[];
  screened: boolean;
}) {
  if (!screened) return <Table.Td>Not screened</Table.Td>;
  if (findings.length === 0) return <Table.Td>None found</Table.Td>;
  return (
    <Table.Td>
      <ul className={classes.findingList}>
        {findings.map((finding) => (
          <li key={`${finding.gene}-${finding.variant}`}>
            {finding.gene}: {finding.condition}, {zygosityText(finding.zygosity).toLowerCase()}
          </li>
        ))}
      </ul>
    </Table.Td>
  );
}

/** Every embryo on one screen, in priority order: one row each, the label heading the row. */
export function EmbryoOverview({
  content,
  links,
}: {
  content: EmbryoReport;
  links: EmbryoReportLinks;
}) {
  const screened = singleGeneScreened(content);
  const caption = 'Your embryos at a glance, in priority order';
  return (
    <Stack gap="sm">
      <ScrollRegion label={caption}>
        <Table
          className={`${classes.table} ${classes.embryoRows}`}
          captionSide="top"
          verticalSpacing="sm"
        >
          <Table.Caption className={classes.caption}>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Embryo</Table.Th>
              <Table.Th scope="col">Priority</Table.Th>
              <Table.Th scope="col">Grade</Table.Th>
              <Table.Th scope="col">Sex</Table.Th>
              <Table.Th scope="col">Chromosomes</Table.Th>
              <Table.Th scope="col">Monogenic findings</Table.Th>
              <Table.Th scope="col">Neurodevelopmental variants</Table.Th>
              <Table.Th scope="col">Cancer variants</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {embryosByPriority(content).map(({ embryo, position }) => (
              <Table.Tr key={embryo.label}>
                <Table.Th scope="row">
                  <EmbryoPageLink links={links} position={position}>
                    {embryoName(embryo.label)}
                  </EmbryoPageLink>
                </Table.Th>
                <Table.Td>{embryo.priority}</Table.Td>
                <Table.Td>{embryo.morphology}</Table.Td>
                <Table.Td>{sexText(embryo.sex)}</Table.Td>
                <Table.Td>{chromosomeShortText(embryo.chromosomes)}</Table.Td>
                <FindingsCell findings={embryo.monogenic} screened={screened} />
                <FindingsCell findings={embryo.neurodevelopmentalVariants} screened={screened} />
                <FindingsCell findings={embryo.cancerVariants} screened={screened} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      <Text size="sm">
        The grade is the embryologist&apos;s morphology grade of how the embryo looked (for example,
        Gardner&apos;s 4AA). Each embryo&apos;s page has its disease risks.
      </Text>
    </Stack>
  );
}
