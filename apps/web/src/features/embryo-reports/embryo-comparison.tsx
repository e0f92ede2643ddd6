import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Checkbox, Group, NativeSelect, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { Embryo, EmbryoReport, VariantFinding } from '@nestling/shared/contract/report';
import { riskPercent, zygosityText } from '@nestling/shared/report-wording';
import {
  NOT_ACCURATE_ENOUGH,
  NOT_ACCURATE_ENOUGH_EXPLAINED,
} from '@nestling/shared/risk/reportable';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { memo, useId, useMemo, useState } from 'react';
import {
  compareEmbryos,
  comparisonDiseases,
  hiddenSummary,
  NO_FILTERS,
  parseSortKey,
  PRIORITY_SORT,
  sameSortKey,
  sortKeyValue,
  type ComparisonDisease,
  type ComparisonFilters,
  type ComparisonSort,
  type ComparisonSortKey,
} from './comparison.ts';
import { ComparisonHeatMap } from './comparison-heat-map.tsx';
import { EmbryoPageLink, type EmbryoReportLinks } from './embryo-links.tsx';
import {
  capitalize,
  chromosomeShortText,
  embryoName,
  hasChromosomeFinding,
  hasMonogenicFinding,
  notReportedReason,
} from './embryo-wording.ts';
import classes from './embryo-reports.module.css';
import { PriorityMethod } from './priority-method.tsx';
import { RankingStabilityPanel } from './ranking-stability-panel.tsx';
import { ScrollRegion } from '../reports/index.ts';

/* The table below has 20 × 22 cells or more: it is written in plain elements, since Mantine's
   Table and button components cost most of its render (the bench: 20 embryos, 18 conditions).
   Its classes give it their look. */

// One element per icon, shared by every heading that shows it.
const SORT_ICONS = {
  unsorted: <IconArrowsSort size={16} aria-hidden />,
  ascending: <IconArrowUp size={16} aria-hidden />,
  descending: <IconArrowDown size={16} aria-hidden />,
} as const;

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
  const icon = SORT_ICONS[active ? sort.direction : 'unsorted'];
  return (
    <th scope="col" aria-sort={active ? sort.direction : undefined} className={classes.riskCell}>
      {/* On a phone most columns start out of sight, so a button there could not be reached
          without scrolling sideways: the 'Sort by' list above the table sorts instead. */}
      <button
        type="button"
        className={`${classes.sortButton} desktop-only`}
        onClick={() => {
          onSort(sortKey);
        }}
      >
        <span>{label}</span>
        <span className={classes.visuallyHidden}>, sort by this column</span>
        {icon}
      </button>
      <span className={`${classes.sortLabel} phone-only`}>
        {label}
        {active && icon}
      </span>
      {secondary !== undefined && <span className={classes.secondary}>{secondary}</span>}
      {note !== undefined && <span className={classes.secondary}>{note}</span>}
    </th>
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

/**
 * One embryo's row. Memoised, and given the embryo itself rather than the sort's row, so that
 * sorting or filtering moves the rows without rendering them again.
 */
const EmbryoRow = memo(function EmbryoRow({
  embryo,
  position,
  diseases,
  links,
  monogenicScreened,
}: {
  embryo: Embryo;
  position: number;
  diseases: readonly ComparisonDisease[];
  links: EmbryoReportLinks;
  monogenicScreened: boolean;
}) {
  const results = new Map(embryo.diseases.map((result) => [result.code, result]));
  return (
    <tr>
      <th scope="row">
        <EmbryoPageLink links={links} position={position} className={classes.embryoLink}>
          {embryoName(embryo.label)}
        </EmbryoPageLink>
      </th>
      <td>{embryo.priority}</td>
      <td>{chromosomeShortText(embryo.chromosomes)}</td>
      <td>
        <MonogenicCell findings={embryo.monogenic} screened={monogenicScreened} />
      </td>
      {diseases.map((disease) => {
        const result = results.get(disease.code);
        if (disease.heldBack && result !== undefined) {
          return (
            <td key={disease.code} className={classes.riskCell}>
              {/* Wrapped like a reason, so the column stays narrow on a phone. */}
              <span className={`${classes.notReported} ${classes.reason}`}>
                {NOT_ACCURATE_ENOUGH}
              </span>
            </td>
          );
        }
        if (result === undefined) {
          return (
            <td key={disease.code} className={classes.riskCell}>
              <span className={classes.notReported}>Not reported</span>
              <span className={classes.reason}>{notReportedReason(embryo, disease.code)}</span>
            </td>
          );
        }
        // The relative risk is the cell's own text, beneath the risk: one element fewer in
        // each of the table's hundreds of cells.
        return (
          <td key={disease.code} className={`${classes.riskCell} ${classes.riskPair}`}>
            <span className={classes.riskValue}>{riskPercent(result.absoluteRisk)}</span>
            {`${result.relativeRisk.toFixed(2)}× average`}
          </td>
        );
      })}
    </tr>
  );
});

/** How the comparison is shown: every number on one screen, or the table with every result. */
export type ComparisonView = 'heat-map' | 'table';

const VIEWS: { value: ComparisonView; label: string }[] = [
  { value: 'heat-map', label: 'Heat map' },
  { value: 'table', label: 'Table' },
];

/** '1 of 6 embryos has one', for a filter's description. */
function haveOne(count: number, total: number): string {
  return `${String(count)} of ${String(total)} ${total === 1 ? 'embryo' : 'embryos'} ${count === 1 ? 'has' : 'have'} one.`;
}

/**
 * Every embryo against every condition, side by side: one row per embryo, with
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
  initialView = 'heat-map',
}: {
  report: EmbryoReport;
  links: EmbryoReportLinks;
  /** The lab's priority unless given (the bench opens it sorted by a condition). */
  initialSort?: ComparisonSort;
  /** The heat map unless given (the bench times the table). */
  initialView?: ComparisonView;
}) {
  const [view, setView] = useState<ComparisonView>(initialView);
  const [sort, setSort] = useState<ComparisonSort>(initialSort);
  const [filters, setFilters] = useState<ComparisonFilters>(NO_FILTERS);
  const diseases = useMemo(() => comparisonDiseases(report), [report]);
  const comparison = useMemo(() => compareEmbryos(report, sort, filters), [report, sort, filters]);
  // The shown embryos in the lab's order, whatever the sort: the same list until the filters
  // change, so that turning the order round does not work out how sure it is again.
  const shownEmbryos = useMemo(
    () => compareEmbryos(report, PRIORITY_SORT, filters).rows.map((row) => row.embryo),
    [report, filters],
  );
  const tableId = useId();
  const viewLabelId = useId();

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
            Each embryo&apos;s absolute lifetime risk of each condition: the chance that a person
            with its genes develops the condition in their lifetime. The heat map colors it by its
            relative risk, how many times the population average it is; the table gives that number
            beneath it.
            {diseases.some((disease) => disease.reportedSex !== undefined) &&
              ' A few conditions are reported for embryos of one sex only: their row or column says which, and the cells of the other embryos say why they are empty.'}
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
          <Group gap="sm">
            <Text id={viewLabelId} fw={700}>
              Show as
            </Text>
            <SegmentedControl
              aria-labelledby={viewLabelId}
              data={VIEWS}
              value={view}
              onChange={(value) => {
                setView(value);
              }}
            />
          </Group>
          {view === 'heat-map' ? (
            <ComparisonHeatMap rows={comparison.rows} diseases={diseases} links={links} />
          ) : (
            <ScrollRegion
              label={`${caption} (scrolls sideways)`}
              hint="Scroll the table sideways to see every condition; the embryo column stays in place."
              phoneLayout="scroll"
            >
              <table className={`${classes.plainTable} ${classes.table} ${classes.embryoRows}`}>
                <caption className={classes.caption}>{caption}</caption>
                <thead>
                  <tr>
                    <th scope="col">Embryo</th>
                    <SortableHeader
                      label="Priority"
                      sortKey={PRIORITY_SORT.key}
                      sort={sort}
                      onSort={sortBy}
                    />
                    <th scope="col" className={classes.wideCell}>
                      Chromosomes
                    </th>
                    <th scope="col" className={classes.wideCell}>
                      Monogenic findings
                    </th>
                    {diseases.map((disease) =>
                      disease.heldBack ? (
                        <th key={disease.code} scope="col" className={classes.riskCell}>
                          <span>{disease.name}</span>
                          <span className={classes.secondary}>Not compared</span>
                        </th>
                      ) : (
                        <SortableHeader
                          key={disease.code}
                          label={disease.name}
                          secondary={`Average ${riskPercent(disease.populationRisk)}`}
                          note={
                            disease.reportedSex === undefined
                              ? undefined
                              : `${capitalize(disease.reportedSex)} embryos only`
                          }
                          sortKey={{ by: 'risk', code: disease.code }}
                          sort={sort}
                          onSort={sortBy}
                        />
                      ),
                    )}
                  </tr>
                </thead>
                <tbody>
                  {comparison.rows.map((row) => (
                    <EmbryoRow
                      key={row.embryo.label}
                      embryo={row.embryo}
                      position={row.position}
                      diseases={diseases}
                      links={links}
                      monogenicScreened={monogenicScreened}
                    />
                  ))}
                  {comparison.rows.length === 0 && (
                    <tr>
                      <td colSpan={4 + diseases.length}>
                        Every embryo is hidden by the choices above.
                      </td>
                    </tr>
                  )}
                </tbody>
              </table>
            </ScrollRegion>
          )}
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
