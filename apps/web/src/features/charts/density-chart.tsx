/**
 * DensityChart: where a polygenic score sits in the population, for one disease or trait.
 *
 * What it shows: the population's scores as a smoothed curve (the catalogue entry's chart
 * settings: 36 buckets between the lowest and highest score, 3 empty buckets each side, a
 * moving average over one bucket either side; see packages/shared/src/charts.ts), with a
 * labeled vertical line for the person ('You') or for each embryo, and a dashed line at the
 * population's average (its 50th percentile).
 *
 * How to read it: the higher the curve, the more people have that score. The x axis is marked
 * at the population's 10th, 30th, 50th, 70th and 90th percentiles rather than in raw score units:
 * a line at the 70th mark means a score higher than 70 of 100 people. The y axis is the
 * percentage of people per bucket, and runs a tenth above the curve's top so the top is never
 * cut. A higher score means a higher genetic predisposition, not a diagnosis; the absolute risk
 * is told by the dot grid.
 *
 * Labels of the lines sit in rows above the plot, each joined to its line by a leader, placed
 * by packages/shared/src/chart-labels.ts so that no label overlaps another label or any line.
 *
 * The sentence above the drawing and the table behind 'Show the numbers as a table' say the
 * same thing in words.
 */
import {
  assignLabelLanes,
  clampLabelCenter,
  placeMarkerLabels,
  rowCount,
} from '@nestling/shared/chart-labels';
import {
  buildDensity,
  DENSITY_AXIS_TITLES,
  describePercentile,
  ordinal,
  percentileOfScore,
  statedPercentile,
} from '@nestling/shared/charts';
import type { CatalogueEntry } from '@nestling/shared/catalogue/catalogue-entry';
import { scaleLinear } from 'd3-scale';
import { area, curveMonotoneX } from 'd3-shape';
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

export interface EmbryoScore {
  /** As the report names the embryo, e.g. 'Embryo 1'. */
  readonly label: string;
  /** The embryo's polygenic score, on the same scale as the population's. */
  readonly score: number;
  /**
   * The lab's percentile for this score, if the report gives one: the sentence and table then
   * state it, so the page says what the lab signed off, while the marker is placed by score.
   * Without it, the percentile is computed from `populationScores`.
   */
  readonly percentile?: number | undefined;
}

export interface DensityChartProps {
  /** The disease or trait (its names and chart settings), from the catalogue. */
  readonly entry: CatalogueEntry;
  /** The reference population's raw polygenic scores (at least one). */
  readonly populationScores: readonly number[];
  /** The person's own score: one marker labeled 'You'. */
  readonly personScore?: number | undefined;
  /** The lab's percentile for the person's score, if given (see EmbryoScore.percentile). */
  readonly personPercentile?: number | undefined;
  /** Each embryo's score: one labeled marker each. */
  readonly embryos?: readonly EmbryoScore[] | undefined;
}

interface Marker {
  readonly label: string;
  /** How a sentence starts for this marker: 'Your score' or 'Embryo 1'. */
  readonly subject: string;
  readonly score: number;
  readonly percentile: number;
}

const MARGIN = { left: 58, right: 12, top: 4, bottom: 12 };
const PLOT_HEIGHT = 150;
const Y_LABEL_GAP = 6;
/** Where the rotated y axis title's center sits, from the left edge. */
const Y_TITLE_X = 10;
/** The band between the plot's top and the labels, where leaders run. */
const LEADER_BAND = 10;
/** A label's baseline above the bottom of its row, leaving room for descenders. */
const ROW_DESCENT = 4;
export const AVERAGE_LABEL = 'Average';

/** A line's path: from the baseline up through the plot, then its leader to its label. */
type Polyline = readonly (readonly [number, number])[];

/** The density chart's drawing, positions in viewBox units; exported for its tests. */
export function layoutDensityChart({
  entry,
  populationScores,
  personScore,
  personPercentile,
  embryos = [],
}: DensityChartProps) {
  const density = buildDensity(populationScores, entry.chart);
  const markers: Marker[] = [
    ...(personScore === undefined
      ? []
      : [
          { label: 'You', subject: 'Your score', score: personScore, percentile: personPercentile },
        ]),
    ...embryos.map((embryo) => ({ ...embryo, subject: embryo.label })),
  ].map((marker) => ({
    ...marker,
    percentile: marker.percentile ?? percentileOfScore(populationScores, marker.score),
  }));

  const left = MARGIN.left;
  const right = CHART_WIDTH - MARGIN.right;
  const x = scaleLinear().domain(density.domain).range([left, right]).clamp(true);

  // The person's or embryos' labels, placed so none overlap; they may use the room above the
  // y axis's labels too.
  const labeled = markers.map((marker) => ({ label: marker.label, score: marker.score }));
  const widths = labeled.map((item) => estimateLabelWidth(item.label));
  const placed = placeMarkerLabels(
    labeled.map((item, index) => ({ x: x(item.score), width: widths[index] ?? 0 })),
    0,
    CHART_WIDTH,
    LABEL_GAP,
  );
  const rows = Math.max(1, rowCount(placed.map((label) => label.row)));
  const plotTop = MARGIN.top + rows * LABEL_LINE_HEIGHT + LEADER_BAND;
  const plotBottom = plotTop + PLOT_HEIGHT;
  const rowBottom = (row: number) => plotTop - LEADER_BAND - row * LABEL_LINE_HEIGHT;
  const drawn = labeled.map((item, index) => {
    const lineX = x(item.score);
    const label = placed[index] ?? { x: lineX, row: 0 };
    const line: Polyline = [
      [lineX, plotBottom],
      [lineX, plotTop],
      [label.x, rowBottom(0)],
      [label.x, rowBottom(label.row)],
    ];
    return {
      x: lineX,
      labelX: label.x,
      labelY: rowBottom(label.row) - ROW_DESCENT,
      labelWidth: widths[index] ?? 0,
      line,
    };
  });

  // Percentile labels below the axis, and the average's (under its dashed line, which runs
  // through the plot only), staggered into rows where they are close together.
  const tickLabels = [
    ...density.xTicks.map((tick) => ({ label: tick.label, score: tick.score })),
    { label: AVERAGE_LABEL, score: density.average },
  ].map((tick) => {
    const width = estimateLabelWidth(tick.label);
    return { x: clampLabelCenter(x(tick.score), width, left, right), width };
  });
  const tickLanes = assignLabelLanes(tickLabels, LABEL_GAP);
  const axisTitleY = plotBottom + 8 + (rowCount(tickLanes) + 1) * LABEL_LINE_HEIGHT;
  const height = axisTitleY + MARGIN.bottom;

  const y = scaleLinear().domain([0, density.yMax]).range([plotBottom, plotTop]);
  const bucketWidth = (density.domain[1] - density.domain[0]) / density.buckets.length;
  // The curve passes through each bucket's center and starts and ends on the baseline.
  const points: [number, number][] = [
    [density.domain[0], 0],
    ...density.buckets.map((bucket): [number, number] => [
      bucket.start + bucketWidth / 2,
      bucket.percent,
    ]),
    [density.domain[1], 0],
  ];
  const path =
    area()
      .x(([score]) => x(score))
      .y0(plotBottom)
      .y1(([, percent]) => y(percent))
      .curve(curveMonotoneX)(points) ?? '';
  const tickLabelY = (index: number) =>
    plotBottom + 8 + ((tickLanes[index] ?? 0) + 1) * LABEL_LINE_HEIGHT - 4;
  const averageIndex = density.xTicks.length;
  const averageX = x(density.average);
  const averageLine: Polyline = [
    [averageX, plotBottom],
    [averageX, plotTop],
  ];

  return {
    density,
    height,
    path,
    plot: { left, right, top: plotTop, bottom: plotBottom },
    axisTitleY,
    yTitle: { x: Y_TITLE_X, y: (plotTop + plotBottom) / 2 },
    xTicks: density.xTicks.map((tick, index) => ({
      ...tick,
      x: x(tick.score),
      labelX: tickLabels[index]?.x ?? x(tick.score),
      labelY: tickLabelY(index),
    })),
    yTicks: density.yTicks.map((value) => ({ value, y: y(value), label: `${value}%` })),
    markers: markers.map((marker, index) => {
      const marked = drawn[index];
      if (marked === undefined) throw new Error('Every marker is drawn.');
      return { ...marker, ...marked };
    }),
    average: {
      label: AVERAGE_LABEL,
      score: density.average,
      x: averageX,
      labelX: tickLabels[averageIndex]?.x ?? averageX,
      labelY: tickLabelY(averageIndex),
      labelWidth: tickLabels[averageIndex]?.width ?? 0,
      line: averageLine,
    },
  };
}

function markerSentence(marker: Marker): string {
  return `${marker.subject} is ${describePercentile(marker.percentile)}.`;
}

function svgLabel(entry: CatalogueEntry, markers: readonly Marker[]): string {
  const base = `Distribution of ${entry.lowerName} genetic scores in the population`;
  const marked = markers.filter((marker) => marker.label !== 'You').length;
  const parts = [
    markers.some((marker) => marker.label === 'You') ? 'your score' : '',
    marked === 0 ? '' : `${marked} ${marked === 1 ? 'embryo' : 'embryos'}`,
  ].filter(Boolean);
  return parts.length === 0 ? base : `${base}, with ${parts.join(' and ')} marked`;
}

function markerTable(entry: CatalogueEntry, markers: readonly Marker[]): ChartTable {
  return {
    caption: `${entry.name}: genetic scores compared with 100 people`,
    columns: ['Who', 'Percentile', 'Compared with 100 people'],
    rows: markers.map((marker) => {
      const stated = statedPercentile(marker.percentile);
      return stated === 0
        ? [marker.label, 'Below the 1st', 'Lower than 99']
        : [marker.label, ordinal(stated), `Higher than ${stated}`];
    }),
  };
}

export function DensityChart(props: DensityChartProps) {
  const summaryId = useId();
  const layout = layoutDensityChart(props);
  const { entry } = props;
  const { plot, markers, average } = layout;
  const text = { fill: chartPalette.text, fontSize: CHART_FONT_SIZE };
  const [onlyMarker] = markers;

  return (
    <ChartFigure
      title={`${entry.name}: genetic score`}
      summaryId={summaryId}
      summary={
        markers.length === 0 ? (
          <p className={classes.summary}>
            How {entry.lowerName} genetic scores are spread across the population.
          </p>
        ) : markers.length === 1 && onlyMarker ? (
          <p className={classes.summary}>{markerSentence(onlyMarker)}</p>
        ) : (
          <ul className={classes.summaryList}>
            {markers.map((marker, index) => (
              <li key={`${marker.label}-${index}`}>{markerSentence(marker)}</li>
            ))}
          </ul>
        )
      }
      svgLabel={svgLabel(entry, markers)}
      svgHeight={layout.height}
      table={markerTable(entry, markers)}
      footer={
        <p className={classes.note}>
          The dashed line is the population&apos;s average (the 50th percentile).
        </p>
      }
    >
      <path
        d={layout.path}
        fill={chartPalette.populationFill}
        fillOpacity={0.45}
        stroke={chartPalette.populationLine}
        strokeWidth={2}
        data-chart-part="population"
      />
      {layout.yTicks.map((tick) => (
        <g key={tick.value} data-chart-part="y-tick">
          <line
            x1={plot.left - 4}
            x2={plot.left}
            y1={tick.y}
            y2={tick.y}
            stroke={chartPalette.axis}
          />
          <text x={plot.left - Y_LABEL_GAP} y={tick.y} dy="0.32em" textAnchor="end" {...text}>
            {tick.label}
          </text>
        </g>
      ))}
      <line
        x1={plot.left}
        x2={plot.left}
        y1={plot.top}
        y2={plot.bottom}
        stroke={chartPalette.axis}
      />
      <line
        x1={plot.left}
        x2={plot.right}
        y1={plot.bottom}
        y2={plot.bottom}
        stroke={chartPalette.axis}
      />
      {layout.xTicks.map((tick) => (
        <g key={tick.percentile} data-chart-part="x-tick">
          <line
            x1={tick.x}
            x2={tick.x}
            y1={plot.bottom}
            y2={plot.bottom + 5}
            stroke={chartPalette.axis}
          />
          <text x={tick.labelX} y={tick.labelY} textAnchor="middle" {...text}>
            {tick.label}
          </text>
        </g>
      ))}
      <text x={(plot.left + plot.right) / 2} y={layout.axisTitleY} textAnchor="middle" {...text}>
        {DENSITY_AXIS_TITLES.x}
      </text>
      <text
        x={layout.yTitle.x}
        y={layout.yTitle.y}
        transform={`rotate(-90 ${layout.yTitle.x} ${layout.yTitle.y})`}
        textAnchor="middle"
        dy="0.32em"
        {...text}
      >
        {DENSITY_AXIS_TITLES.y}
      </text>
      <g data-chart-part="average" data-x={average.x}>
        <path
          d={polylinePath(average.line)}
          fill="none"
          stroke={chartPalette.averageRing}
          strokeWidth={2}
          strokeDasharray="5 3"
        />
        <text x={average.labelX} y={average.labelY} textAnchor="middle" {...text}>
          {average.label}
        </text>
      </g>
      {markers.map((marker, index) => (
        <g key={`${marker.label}-${index}`} data-chart-part="marker" data-x={marker.x}>
          <path
            d={polylinePath(marker.line)}
            fill="none"
            stroke={chartPalette.marker}
            strokeWidth={2}
          />
          <text x={marker.labelX} y={marker.labelY} textAnchor="middle" fontWeight={700} {...text}>
            {marker.label}
          </text>
        </g>
      ))}
    </ChartFigure>
  );
}
