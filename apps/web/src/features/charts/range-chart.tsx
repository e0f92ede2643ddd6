/**
 * RangeChart: for a couple, the lifetime risk of one disease that their future children could
 * have, with embryos (if tested) placed on it.
 *
 * What it shows: a horizontal scale of absolute lifetime risk (percent) from 0. The blue bar runs
 * from the lowest to the highest risk a child of this couple could have; the black tick on it is
 * the expected (average) risk for their children. Embryos are vermillion triangles under the
 * bar, each labeled with its name.
 *
 * The scale is the report's: every range chart of a report shares it (ADR 031), so the same
 * risk is the same length on each and the axis says so. A dashed vermillion line marks the
 * population average where the report gives it.
 *
 * How to read it: further right is a higher risk. Where an embryo sits against the expected tick
 * says whether its risk is lower or higher than the couple's children's average. The sentence
 * above the drawing and the table behind 'Show the numbers as a table' give the same numbers.
 *
 * A condition reported for one sex only (breast cancer, endometriosis, prostate cancer) speaks
 * of the couple's future daughters or sons rather than their children.
 */
import {
  assignLabelLanes,
  clampLabelCenter,
  placeMarkerLabels,
  rowCount,
} from '@nestling/shared/chart-labels';
import { formatRiskPercent, RANGE_AXIS_TITLES, riskAxisTicks } from '@nestling/shared/charts';
import type { CatalogueEntry } from '@nestling/shared/catalogue/catalogue-entry';
import { diseaseReportedSex } from '@nestling/shared/catalogue/diseases';
import { scaleLinear } from 'd3-scale';
import { useId } from 'react';
import { chartPalette } from '../../theme.ts';
import { ChartFigure, type ChartTable } from './chart-figure.tsx';
import {
  CHART_FONT_SIZE,
  CHART_WIDTH,
  estimateLabelWidth,
  LABEL_GAP,
  LABEL_LINE_HEIGHT,
  polylinePath,
} from './chart-layout.ts';
import classes from './charts.module.css';

export interface ChildRiskRangeInPercent {
  /** The lowest lifetime risk a child of the couple could have, in percent (0-100). */
  readonly lowPercent: number;
  /** The expected (average) lifetime risk for their children, in percent. */
  readonly expectedPercent: number;
  /** The highest lifetime risk a child could have, in percent. */
  readonly highPercent: number;
}

export interface EmbryoRisk {
  /** As the report names the embryo, e.g. 'Embryo 1'. */
  readonly label: string;
  /** The embryo's lifetime risk of the disease, in percent (0-100). */
  readonly riskPercent: number;
}

export interface RangeChartProps {
  /** The disease, from the catalogue. */
  readonly entry: CatalogueEntry;
  readonly childRiskRange: ChildRiskRangeInPercent;
  readonly embryos?: readonly EmbryoRisk[] | undefined;
  /** The population average's lifetime risk, in percent, drawn as a dashed line. */
  readonly populationPercent?: number | undefined;
  /**
   * The report's shared axis ticks in percent (reportRiskAxisTicks), so that all of its range
   * charts have one scale; without them the chart fits its own values.
   */
  readonly axisTicks?: readonly number[] | undefined;
}

const MARGIN = { left: 16, right: 16, top: 8, bottom: 10 };
const BAR_HEIGHT = 12;
const TRIANGLE = 9;
const AXIS_GAP = 12;
/** How far the expected and average lines reach beyond the bar. */
const LINE_OVERHANG = 3;
/** The band under the triangles where embryo labels' leaders run. */
const LEADER_BAND = 8;
/** A label's baseline below the top of its row: about the font's ascent. */
const ROW_ASCENT = 11;
/** A label's baseline above the bottom of its row, leaving room for descenders. */
const ROW_DESCENT = 4;

function assertPercent(value: number, what: string): void {
  if (!Number.isFinite(value) || value < 0 || value > 100) {
    throw new RangeError(`${what} must be a percentage from 0 to 100, not ${value}.`);
  }
}

/** The range chart's drawing, positions in viewBox units; exported for its tests. */
export function layoutRangeChart({
  childRiskRange,
  embryos = [],
  populationPercent,
  axisTicks,
}: RangeChartProps) {
  const { lowPercent, expectedPercent, highPercent } = childRiskRange;
  assertPercent(lowPercent, 'The low end of the range');
  assertPercent(expectedPercent, 'The expected risk');
  assertPercent(highPercent, 'The high end of the range');
  if (!(lowPercent <= expectedPercent && expectedPercent <= highPercent)) {
    throw new RangeError('The range must run low <= expected <= high.');
  }
  for (const embryo of embryos) assertPercent(embryo.riskPercent, `${embryo.label}'s risk`);
  if (populationPercent !== undefined) assertPercent(populationPercent, 'The average risk');

  const left = MARGIN.left;
  const right = CHART_WIDTH - MARGIN.right;
  const values = [
    highPercent,
    ...embryos.map((embryo) => embryo.riskPercent),
    ...(populationPercent === undefined ? [] : [populationPercent]),
  ];
  // The report's scale when it reaches every value here, else one of the chart's own.
  const shared = axisTicks !== undefined && (axisTicks.at(-1) ?? 0) >= Math.max(...values);
  const ticks = shared ? axisTicks : riskAxisTicks(values);
  const x = scaleLinear()
    .domain([0, ticks.at(-1) ?? 1])
    .range([left, right]);

  // Labels of the range's ends, its expected value and the average, in rows above the bar.
  const rangeTexts = [
    { key: 'low', text: formatRiskPercent(lowPercent), value: lowPercent },
    {
      key: 'expected',
      text: `Expected ${formatRiskPercent(expectedPercent)}`,
      value: expectedPercent,
    },
    { key: 'high', text: formatRiskPercent(highPercent), value: highPercent },
    ...(populationPercent === undefined
      ? []
      : [
          {
            key: 'average',
            text: `Average ${formatRiskPercent(populationPercent)}`,
            value: populationPercent,
          },
        ]),
  ];
  const rangeLabels = rangeTexts.map((label) => {
    const width = estimateLabelWidth(label.text);
    return { x: clampLabelCenter(x(label.value), width, left, right), width };
  });
  const rangeLanes = assignLabelLanes(rangeLabels, LABEL_GAP);
  const barTop = MARGIN.top + rowCount(rangeLanes) * LABEL_LINE_HEIGHT + LINE_OVERHANG + 2;
  const barBottom = barTop + BAR_HEIGHT;

  // Embryos' labels in rows under the triangles, each joined to its triangle by a leader.
  const triangleBase = barBottom + 2 + TRIANGLE;
  const embryoWidths = embryos.map((embryo) => estimateLabelWidth(embryo.label));
  const embryoLabels = placeMarkerLabels(
    embryos.map((embryo, index) => ({ x: x(embryo.riskPercent), width: embryoWidths[index] ?? 0 })),
    0,
    CHART_WIDTH,
    LABEL_GAP,
  );
  const rowTop = (row: number) => triangleBase + LEADER_BAND + row * LABEL_LINE_HEIGHT;
  const embryoRows = rowCount(embryoLabels.map((label) => label.row));
  const axisY = rowTop(embryoRows) + AXIS_GAP - (embryoRows === 0 ? LEADER_BAND : 0);
  const titleLines = shared
    ? [RANGE_AXIS_TITLES.x, RANGE_AXIS_TITLES.shared]
    : [RANGE_AXIS_TITLES.x];
  const axisTitleY = axisY + 2 * LABEL_LINE_HEIGHT + 4;

  return {
    height: axisTitleY + (titleLines.length - 1) * LABEL_LINE_HEIGHT + MARGIN.bottom,
    plot: { left, right },
    bar: { x1: x(lowPercent), x2: x(highPercent), top: barTop, bottom: barBottom },
    /** The expected and average lines run this far above and below the bar. */
    lineTop: barTop - LINE_OVERHANG,
    lineBottom: barBottom + LINE_OVERHANG,
    expectedX: x(expectedPercent),
    averageX: populationPercent === undefined ? undefined : x(populationPercent),
    rangeLabels: rangeTexts.map((label, index) => ({
      ...label,
      x: rangeLabels[index]?.x ?? x(label.value),
      y: barTop - LINE_OVERHANG - ROW_DESCENT - (rangeLanes[index] ?? 0) * LABEL_LINE_HEIGHT,
      width: rangeLabels[index]?.width ?? 0,
    })),
    embryos: embryos.map((embryo, index) => {
      const ex = x(embryo.riskPercent);
      const label = embryoLabels[index] ?? { x: ex, row: 0 };
      return {
        ...embryo,
        x: ex,
        labelX: label.x,
        labelY: rowTop(label.row) + ROW_ASCENT,
        labelWidth: embryoWidths[index] ?? 0,
        /** From the triangle's base to the label's row. */
        leader: [
          [ex, triangleBase],
          [label.x, rowTop(0)],
          [label.x, rowTop(label.row)],
        ] as const,
      };
    }),
    triangleBase,
    axisY,
    axisTitleY,
    titleLines,
    ticks: ticks.map((value) => ({ value, x: x(value), label: `${String(value)}%` })),
  };
}

function comparedWithExpected(riskPercent: number, expectedPercent: number): string {
  const difference = Number(riskPercent.toFixed(1)) - Number(expectedPercent.toFixed(1));
  if (difference === 0) return 'the same as expected';
  return difference < 0 ? 'lower than expected' : 'higher than expected';
}

/** 'children', or 'daughters' or 'sons' for a condition reported for one sex only. */
function childrenOf(entry: CatalogueEntry): { plural: string; possessive: string } {
  const sex = diseaseReportedSex(entry.code);
  if (sex === 'female') return { plural: 'daughters', possessive: "daughters'" };
  if (sex === 'male') return { plural: 'sons', possessive: "sons'" };
  return { plural: 'children', possessive: "children's" };
}

function rangeSentence(entry: CatalogueEntry, range: ChildRiskRangeInPercent): string {
  return (
    `Your future ${childrenOf(entry).possessive} lifetime risk of ${entry.lowerName} could be from ` +
    `${formatRiskPercent(range.lowPercent)} to ${formatRiskPercent(range.highPercent)}; ` +
    `${formatRiskPercent(range.expectedPercent)} is expected.`
  );
}

function rangeTable(entry: CatalogueEntry, props: RangeChartProps): ChartTable {
  const { childRiskRange: range, embryos = [] } = props;
  return {
    caption: `${entry.name}: lifetime risk of your future ${childrenOf(entry).plural}`,
    columns: ['Estimate', 'Lifetime risk', 'Compared with expected'],
    rows: [
      ['Lowest possible', formatRiskPercent(range.lowPercent), ''],
      ['Expected', formatRiskPercent(range.expectedPercent), ''],
      ['Highest possible', formatRiskPercent(range.highPercent), ''],
      ...(props.populationPercent === undefined
        ? []
        : [['Population average', formatRiskPercent(props.populationPercent), '']]),
      ...embryos.map((embryo) => [
        embryo.label,
        formatRiskPercent(embryo.riskPercent),
        comparedWithExpected(embryo.riskPercent, range.expectedPercent),
      ]),
    ],
  };
}

export function RangeChart(props: RangeChartProps) {
  const summaryId = useId();
  const { entry, childRiskRange, embryos = [] } = props;
  const layout = layoutRangeChart(props);
  const text = { fill: chartPalette.text, fontSize: CHART_FONT_SIZE };
  const { bar } = layout;
  const embryoCount = embryos.length;

  return (
    <ChartFigure
      title={`${entry.name}: your future ${childrenOf(entry).possessive} risk`}
      summaryId={summaryId}
      summary={
        <>
          <p className={classes.summary}>{rangeSentence(entry, childRiskRange)}</p>
          {embryoCount === 0 ? null : (
            <ul className={classes.summaryList}>
              {embryos.map((embryo, index) => (
                <li key={`${embryo.label}-${index}`}>
                  {embryo.label}: {formatRiskPercent(embryo.riskPercent)},{' '}
                  {comparedWithExpected(embryo.riskPercent, childRiskRange.expectedPercent)}.
                </li>
              ))}
            </ul>
          )}
        </>
      }
      svgLabel={
        `Range of lifetime risk of ${entry.lowerName} for your future ${childrenOf(entry).plural}` +
        (embryoCount === 0
          ? ''
          : `, with ${embryoCount} ${embryoCount === 1 ? 'embryo' : 'embryos'} placed on it`)
      }
      svgHeight={layout.height}
      table={rangeTable(entry, props)}
    >
      <rect
        x={bar.x1}
        y={bar.top}
        // A range with no width still shows as a sliver.
        width={Math.max(2, bar.x2 - bar.x1)}
        height={bar.bottom - bar.top}
        rx={3}
        fill={chartPalette.range}
        data-chart-part="range"
      />
      <line
        x1={layout.expectedX}
        x2={layout.expectedX}
        y1={layout.lineTop}
        y2={layout.lineBottom}
        stroke={chartPalette.marker}
        strokeWidth={3}
        data-chart-part="expected"
      />
      {layout.averageX === undefined ? null : (
        <line
          x1={layout.averageX}
          x2={layout.averageX}
          y1={layout.lineTop}
          y2={layout.lineBottom}
          stroke={chartPalette.averageRing}
          strokeWidth={2}
          strokeDasharray="4 2"
          data-chart-part="average"
        />
      )}
      {layout.rangeLabels.map((label) => (
        <text
          key={label.key}
          x={label.x}
          y={label.y}
          textAnchor="middle"
          fontWeight={label.key === 'expected' ? 700 : 400}
          {...text}
        >
          {label.text}
        </text>
      ))}
      {layout.embryos.map((embryo, index) => (
        <g key={`${embryo.label}-${index}`} data-chart-part="embryo" data-x={embryo.x}>
          <path
            d={`M${embryo.x},${bar.bottom + 2} l${TRIANGLE / 2 + 1},${TRIANGLE} h${-TRIANGLE - 2} Z`}
            fill={chartPalette.embryo}
          />
          <path d={polylinePath(embryo.leader)} fill="none" stroke={chartPalette.axis} />
          <text x={embryo.labelX} y={embryo.labelY} textAnchor="middle" {...text}>
            {embryo.label}
          </text>
        </g>
      ))}
      <line
        x1={layout.plot.left}
        x2={layout.plot.right}
        y1={layout.axisY}
        y2={layout.axisY}
        stroke={chartPalette.axis}
      />
      {layout.ticks.map((tick) => (
        <g key={tick.value} data-chart-part="x-tick">
          <line
            x1={tick.x}
            x2={tick.x}
            y1={layout.axisY}
            y2={layout.axisY + 5}
            stroke={chartPalette.axis}
          />
          <text
            x={clampLabelCenter(tick.x, estimateLabelWidth(tick.label), 0, CHART_WIDTH)}
            y={layout.axisY + LABEL_LINE_HEIGHT + 2}
            textAnchor="middle"
            {...text}
          >
            {tick.label}
          </text>
        </g>
      ))}
      {layout.titleLines.map((line, index) => (
        <text
          key={line}
          x={(layout.plot.left + layout.plot.right) / 2}
          y={layout.axisTitleY + index * LABEL_LINE_HEIGHT}
          textAnchor="middle"
          fontWeight={index === 0 ? 400 : 700}
          {...text}
        >
          {line}
        </text>
      ))}
    </ChartFigure>
  );
}
