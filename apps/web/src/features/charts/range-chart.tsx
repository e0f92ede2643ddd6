/**
 * RangeChart: for a couple, the lifetime risk of one disease that their future children could
 * have, with embryos (if tested) placed on it.
 *
 * What it shows: a horizontal scale of absolute lifetime risk (percent) from 0. The blue bar runs
 * from the lowest to the highest risk a child of this couple could have; the black tick on it is
 * the expected (average) risk for their children. Embryos are vermillion triangles under the
 * bar, each labelled with its name.
 *
 * How to read it: further right is a higher risk. Where an embryo sits against the expected tick
 * says whether its risk is lower or higher than the couple's children's average. The sentence
 * above the drawing and the table behind 'Show the numbers as a table' give the same numbers.
 *
 * A condition reported for one sex only (breast cancer, endometriosis, prostate cancer) speaks
 * of the couple's future daughters or sons rather than their children.
 */
import { formatRiskPercent } from '@nestling/shared/charts';
import type { CatalogueEntry } from '@nestling/shared/catalogue/catalogue-entry';
import { diseaseReportedSex } from '@nestling/shared/catalogue/diseases';
import { scaleLinear } from 'd3-scale';
import { useId } from 'react';
import { chartPalette } from '../../theme.ts';
import { ChartFigure, type ChartTable } from './chart-figure.tsx';
import {
  assignLabelLanes,
  CHART_FONT_SIZE,
  CHART_WIDTH,
  clampLabelCentre,
  estimateLabelWidth,
  LABEL_LINE_HEIGHT,
  laneCount,
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
}

const MARGIN = { left: 16, right: 16, top: 8, bottom: 10 };
const BAR_HEIGHT = 12;
const TRIANGLE = 9;
const AXIS_GAP = 12;

function assertPercent(value: number, what: string): void {
  if (!Number.isFinite(value) || value < 0 || value > 100) {
    throw new RangeError(`${what} must be a percentage from 0 to 100, not ${value}.`);
  }
}

/** The range chart's drawing, positions in viewBox units; exported for its tests. */
export function layoutRangeChart({ childRiskRange, embryos = [] }: RangeChartProps) {
  const { lowPercent, expectedPercent, highPercent } = childRiskRange;
  assertPercent(lowPercent, 'The low end of the range');
  assertPercent(expectedPercent, 'The expected risk');
  assertPercent(highPercent, 'The high end of the range');
  if (!(lowPercent <= expectedPercent && expectedPercent <= highPercent)) {
    throw new RangeError('The range must run low <= expected <= high.');
  }
  for (const embryo of embryos) assertPercent(embryo.riskPercent, `${embryo.label}'s risk`);

  const left = MARGIN.left;
  const right = CHART_WIDTH - MARGIN.right;
  const top = Math.max(highPercent, ...embryos.map((embryo) => embryo.riskPercent));
  // From 0, so that lengths compare honestly; nice() ends the axis on a round tick.
  const x = scaleLinear()
    .domain([0, top > 0 ? top : 1])
    .nice(4)
    .range([left, right]);

  // Labels of the range's ends and its expected value, in rows above the bar.
  const tickFormat = x.tickFormat(4);
  const rangeTexts = [
    { key: 'low', text: formatRiskPercent(lowPercent), value: lowPercent },
    {
      key: 'expected',
      text: `Expected ${formatRiskPercent(expectedPercent)}`,
      value: expectedPercent,
    },
    { key: 'high', text: formatRiskPercent(highPercent), value: highPercent },
  ];
  const rangeLabels = rangeTexts.map((label) => {
    const width = estimateLabelWidth(label.text);
    return { x: clampLabelCentre(x(label.value), width, left, right), width };
  });
  const rangeLanes = assignLabelLanes(rangeLabels);
  const barTop = MARGIN.top + laneCount(rangeLanes) * LABEL_LINE_HEIGHT + 4;
  const barBottom = barTop + BAR_HEIGHT;

  const embryoLabels = embryos.map((embryo) => {
    const width = estimateLabelWidth(embryo.label);
    return { x: clampLabelCentre(x(embryo.riskPercent), width, left, right), width };
  });
  const embryoLanes = assignLabelLanes(embryoLabels);
  const embryoLabelsTop = barBottom + 2 + TRIANGLE;
  const axisY = embryoLabelsTop + laneCount(embryoLanes) * LABEL_LINE_HEIGHT + AXIS_GAP;
  const axisTitleY = axisY + 2 * LABEL_LINE_HEIGHT + 4;

  return {
    height: axisTitleY + MARGIN.bottom,
    plot: { left, right },
    bar: { x1: x(lowPercent), x2: x(highPercent), top: barTop, bottom: barBottom },
    expectedX: x(expectedPercent),
    rangeLabels: rangeTexts.map((label, index) => ({
      ...label,
      x: rangeLabels[index]?.x ?? x(label.value),
      y: barTop - 5 - (rangeLanes[index] ?? 0) * LABEL_LINE_HEIGHT,
    })),
    embryos: embryos.map((embryo, index) => ({
      ...embryo,
      x: x(embryo.riskPercent),
      labelX: embryoLabels[index]?.x ?? x(embryo.riskPercent),
      labelY: embryoLabelsTop + ((embryoLanes[index] ?? 0) + 1) * LABEL_LINE_HEIGHT - 4,
    })),
    axisY,
    axisTitleY,
    // d3's tick formatter shows 0.3, not 0.30000000000000004.
    ticks: x.ticks(4).map((value) => ({ value, x: x(value), label: `${tickFormat(value)}%` })),
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
        y1={bar.top - 4}
        y2={bar.bottom + 4}
        stroke={chartPalette.marker}
        strokeWidth={3}
        data-chart-part="expected"
      />
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
            x={clampLabelCentre(tick.x, estimateLabelWidth(tick.label), 0, CHART_WIDTH)}
            y={layout.axisY + LABEL_LINE_HEIGHT + 2}
            textAnchor="middle"
            {...text}
          >
            {tick.label}
          </text>
        </g>
      ))}
      <text
        x={(layout.plot.left + layout.plot.right) / 2}
        y={layout.axisTitleY}
        textAnchor="middle"
        {...text}
      >
        Lifetime risk
      </text>
    </ChartFigure>
  );
}
