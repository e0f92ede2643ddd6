import {
  Checkbox,
  NativeSelect,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { EmbryoReport, VariantFinding } from '@nestling/shared/contract/report';
import { riskPercent, zygosityText } from '@nestling/shared/report-wording';
import {
  NOT_ACCURATE_ENOUGH,
  NOT_ACCURATE_ENOUGH_EXPLAINED,
} from '@nestling/shared/risk/reportable';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import {
  compareEmbryos,
  comparisonDiseases,
  hiddenSummary,
  NO_FILTERS,
  parseSortKey,
  PRIORITY_SORT,
  sameSortKey,
  sortKeyValue,
  type ComparisonFilters,
  type ComparisonSort,
  type ComparisonSortKey,
} from './comparison.ts';
import { EmbryoPageLink, type EmbryoReportLinks } from './embryo-links.tsx';
import {
  capitalise,
  chromosomeShortText,
  embryoName,
  hasChromosomeFinding,
  hasMonogenicFinding,
  notReportedReason,
} from './embryo-wording.ts';
import classes from './embryo-reports.module.css';
import { PriorityMethod } from './priority-method.tsx';
import { RankingStabilityPanel } from './ranking-stability-panel.tsx';
import { ScrollRegion } from '../reports/scroll-region.tsx';

function SortableHeader({
  label,
  secondary,
  note,
  sortKey,
  sort,
  onSort,
}: {
  label: string;
  secondary?: string;
  /** A second line under `secondary`, e.g. 'Female embryos only'. */
  note?: string | undefined;
  sortKey: ComparisonSortKey;
  sort: ComparisonSort;
  onSort: (key: ComparisonSortKey) => void;
}) {
  const active = sameSortKey(sort.key, sortKey);
  const Icon = !active
    ? IconArrowsSort
    : sort.direction === 'ascending'
      ? IconArrowUp
      : IconArrowDown;
  return (
    <Table.Th
      scope="col"
      aria-sort={active ? sort.direction : undefined}
      className={classes.riskCell}
    >
      {/* On a phone most columns start out of sight, so a button there could not be reached
          without scrolling sideways: the 'Sort by' list above the table sorts instead. */}
      <UnstyledButton
        className={`${classes.sortButton} desktop-only`}
        onClick={() => {
          onSort(sortKey);
        }}
      >
        <span>{label}</span>
        <VisuallyHidden>, sort by this column</VisuallyHidden>
        <Icon size={16} aria-hidden />
      </UnstyledButton>
      <span className={`${classes.sortLabel} phone-only`}>
        {label}
        {active && <Icon size={16} aria-hidden />}
      </span>
      {secondary !== undefined && <span className={classes.secondary}>{secondary}</span>}
      {note !== undefined && <span className={classes.secondary}>{note}</span>}
    </Table.Th>
  );
}

function MonogenicCell({
  findings,
  screened,
}: {
  findings: readonly VariantFinding[];
  screened: boolean;
}) {
  if (!screened) return <>Not screened</>;
  if (findings.length === 0) return <>None found</>;
  return (
    <ul className={classes.findingList}>
      {findings.map((finding) => (
        <li key={`${finding.gene}-${finding.variant}`}>
          {finding.gene}: {finding.condition}, {zygosityText(finding.zygosity).toLowerCase()}
        </li>
      ))}
    </ul>
  );
}

/** '1 of 6 embryos has one', for a filter's description. */
function haveOne(count: number, total: number): string {
  return `${String(count)} of ${String(total)} ${total === 1 ? 'embryo' : 'embryos'} ${count === 1 ? 'has' : 'have'} one.`;
}

/**
 * Every embryo against every condition, side by side (issue 4, item 7): one row per embryo, with
 * its priority, chromosome result, single-gene findings and the absolute lifetime risk of each
 * condition (the relative risk beneath it). Sorted by the lab's priority or by any condition's
 * risk, from the select or the column headings; embryos with a chromosome or single-gene finding
 * can be hidden, and the page says which. The lab's ranking method and what it cannot promise
 * come first, so nobody reads the order as a verdict.
 */
export function EmbryoComparison({
  report,
  links,
  initialSort = PRIORITY_SORT,
}: {
  report: EmbryoReport;
  links: EmbryoReportLinks;
  /** The lab's priority unless given (the bench opens it sorted by a condition). */
  initialSort?: ComparisonSort;
}) {
  const [sort, setSort] = useState<ComparisonSort>(initialSort);
  const [filters, setFilters] = useState<ComparisonFilters>(NO_FILTERS);
  const diseases = useMemo(() => comparisonDiseases(report), [report]);
  const comparison = useMemo(() => compareEmbryos(report, sort, filters), [report, sort, filters]);
  const shownEmbryos = useMemo(() => comparison.rows.map((row) => row.embryo), [comparison.rows]);
  const tableId = useId();

  const total = report.embryos.length;
  const chromosomeCount = report.embryos.filter(hasChromosomeFinding).length;
  const monogenicCount = report.embryos.filter(hasMonogenicFinding).length;
  const monogenicScreened =
    report.genes.length > 0 || report.variants.length > 0 || monogenicCount > 0;

  const sortBy = (key: ComparisonSortKey) => {
    setSort((current) =>
      sameSortKey(current.key, key)
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: 'ascending' },
    );
  };
  const sortedKey = sort.key;
  const sortedDisease =
    sortedKey.by === 'risk'
      ? diseases.find((disease) => disease.code === sortedKey.code && !disease.heldBack)
      : undefined;
  const heldBackNames = diseases.filter((disease) => disease.heldBack).map((d) => d.name);
  const caption = 'Embryos compared: priority, findings and lifetime risk of each condition';

  return (
    <Stack gap="xl">
      <PriorityMethod method={report.priorityMethod} />

      <section aria-labelledby={tableId}>
        <Stack gap="md">
          <Title order={2} id={tableId}>
            Every embryo against every condition
          </Title>
          <Text>
            Each condition&apos;s column gives the embryo&apos;s absolute lifetime risk: the chance
            that a person with its genes develops the condition in their lifetime. Beneath it, the
            relative risk: how many times the population average that is.
            {diseases.some((disease) => disease.reportedSex !== undefined) &&
              ' A few conditions are reported for embryos of one sex only: their column says which, and the cells of the other embryos say why they are empty.'}
          </Text>
          {heldBackNames.length > 0 && (
            <Text>
              {heldBackNames.join(', ')}: {NOT_ACCURATE_ENOUGH.toLowerCase()}.{' '}
              {NOT_ACCURATE_ENOUGH_EXPLAINED} The embryos are not compared or sorted by{' '}
              {heldBackNames.length === 1 ? 'it' : 'them'}.
            </Text>
          )}
          <NativeSelect
            label="Sort by"
            value={sortKeyValue(sort.key)}
            onChange={(event) => {
              setSort({ key: parseSortKey(event.currentTarget.value), direction: 'ascending' });
            }}
            data={[
              { value: 'priority', label: "Priority (the lab's order)" },
              ...diseases
                .filter((disease) => !disease.heldBack)
                .map((disease) => ({
                  value: sortKeyValue({ by: 'risk', code: disease.code }),
                  label: `${disease.name}: lowest risk first`,
                })),
            ]}
            maw={420}
          />
          <Stack gap="xs">
            <Checkbox
              label="Hide embryos with a chromosome finding"
              description={haveOne(chromosomeCount, total)}
              checked={filters.hideChromosomeFindings}
              onChange={(event) => {
                const hide = event.currentTarget.checked;
                setFilters((current) => ({ ...current, hideChromosomeFindings: hide }));
              }}
            />
            <Checkbox
              label="Hide embryos with a monogenic finding"
              description={
                monogenicScreened
                  ? `${haveOne(monogenicCount, total)} A monogenic finding is a variant in a single gene that can cause a condition.`
                  : 'Single-gene conditions were not screened in this test.'
              }
              checked={filters.hideMonogenicFindings}
              onChange={(event) => {
                const hide = event.currentTarget.checked;
                setFilters((current) => ({ ...current, hideMonogenicFindings: hide }));
              }}
            />
          </Stack>
          <Text role="status" fw={700}>
            {hiddenSummary(comparison)}
          </Text>
          <ScrollRegion
            label={`${caption} (scrolls sideways)`}
            hint="Scroll the table sideways to see every condition; the embryo column stays in place."
            phoneLayout="scroll"
          >
            <Table
              className={`${classes.table} ${classes.embryoRows}`}
              captionSide="top"
              verticalSpacing="sm"
            >
              <Table.Caption className={classes.caption}>{caption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Embryo</Table.Th>
                  <SortableHeader
                    label="Priority"
                    sortKey={PRIORITY_SORT.key}
                    sort={sort}
                    onSort={sortBy}
                  />
                  <Table.Th scope="col" className={classes.wideCell}>
                    Chromosomes
                  </Table.Th>
                  <Table.Th scope="col" className={classes.wideCell}>
                    Monogenic findings
                  </Table.Th>
                  {diseases.map((disease) =>
                    disease.heldBack ? (
                      <Table.Th key={disease.code} scope="col" className={classes.riskCell}>
                        <span>{disease.name}</span>
                        <span className={classes.secondary}>Not compared</span>
                      </Table.Th>
                    ) : (
                      <SortableHeader
                        key={disease.code}
                        label={disease.name}
                        secondary={`Average ${riskPercent(disease.populationRisk)}`}
                        note={
                          disease.reportedSex === undefined
                            ? undefined
                            : `${capitalise(disease.reportedSex)} embryos only`
                        }
                        sortKey={{ by: 'risk', code: disease.code }}
                        sort={sort}
                        onSort={sortBy}
                      />
                    ),
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {comparison.rows.map((row) => (
                  <Table.Tr key={row.embryo.label}>
                    <Table.Th scope="row">
                      <EmbryoPageLink links={links} position={row.position}>
                        {embryoName(row.embryo.label)}
                      </EmbryoPageLink>
                    </Table.Th>
                    <Table.Td>{row.embryo.priority}</Table.Td>
                    <Table.Td>{chromosomeShortText(row.embryo.chromosomes)}</Table.Td>
                    <Table.Td>
                      <MonogenicCell findings={row.embryo.monogenic} screened={monogenicScreened} />
                    </Table.Td>
                    {diseases.map((disease) => {
                      const result = row.results.get(disease.code);
                      return (
                        <Table.Td key={disease.code} className={classes.riskCell}>
                          {disease.heldBack && result !== undefined ? (
                            // Wrapped like a reason, so the column stays narrow on a phone.
                            <span className={`${classes.notReported} ${classes.reason}`}>
                              {NOT_ACCURATE_ENOUGH}
                            </span>
                          ) : result === undefined ? (
                            <>
                              <span className={classes.notReported}>Not reported</span>
                              <span className={classes.reason}>
                                {notReportedReason(row.embryo, disease.code)}
                              </span>
                            </>
                          ) : (
                            <>
                              <span className={classes.riskValue}>
                                {riskPercent(result.absoluteRisk)}
                              </span>
                              <span className={classes.secondary}>
                                {result.relativeRisk.toFixed(2)}× average
                              </span>
                            </>
                          )}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
                {comparison.rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4 + diseases.length}>
                      Every embryo is hidden by the choices above.
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
          {sortedDisease === undefined ? (
            <Text>Sort by a condition to see how sure its order is.</Text>
          ) : (
            <RankingStabilityPanel embryos={shownEmbryos} disease={sortedDisease} />
          )}
        </Stack>
      </section>
    </Stack>
  );
}
