/**
 * RiskByEmbryosChart: the chosen embryo's risk against the number of embryos to choose from.
 *
 * What it shows: one blue line with a dot per number of embryos, 1 to 10, for the risk of the
 * embryo the strategy picks; a dashed black line for the risk without selection (a random
 * embryo), which does not depend on the number. With 1 embryo there is nothing to choose, so
 * both are the same. The y axis starts at 0 so that heights compare honestly.
 *
 * How to read it: the gap between the dashed line and the blue one is what choosing changes;
 * it grows with more embryos, quickly at first and then less and less.
 */
import { formatRiskPercent } from '@nestling/shared/charts';
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { useId } from 'react';
import { chartPalette } from '../../theme.ts';
import {
  CHART_FONT_SIZE,
  CHART_WIDTH,
  ChartFigure,
  LABEL_LINE_HEIGHT,
  chartsClasses as classes,
} from '../charts/index.ts';
import type { CurvePoint } from './use-risk.ts';

const HEIGHT = 240;
const MARGIN = { left: 48, right: 12, top: 12, bottom: 2 * LABEL_LINE_HEIGHT + 16 };

export function layoutRiskByEmbryos(points: readonly CurvePoint[], baseline: number) {
  const top = Math.max(baseline, ...points.map((point) => point.result.selected)) * 100;
  const x = scaleLinear()
    .domain([1, 10])
    .range([MARGIN.left, CHART_WIDTH - MARGIN.right]);
  const y = scaleLinear()
    .domain([0, top > 0 ? top : 1])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const path =
    line<CurvePoint>()
      .x((point) => x(point.embryos))
      .y((point) => y(point.result.selected * 100))(points) ?? '';
  const tickFormat = y.tickFormat(4);
  return {
    x,
    y,
    path,
    baselineY: y(baseline * 100),
    yTicks: y.ticks(4).map((value) => ({ value, y: y(value), label: `${tickFormat(value)}%` })),
  };
}

export function RiskByEmbryosChart({
  points,
  baseline,
  conditionName,
  strategyName,
}: {
  points: readonly CurvePoint[];
  /** The risk without selection, 0–1. */
  baseline: number;
  conditionName: string;
  /** How the embryo is chosen, in words, e.g. 'the lowest score'. */
  strategyName: string;
}) {
  const summaryId = useId();
  const layout = layoutRiskByEmbryos(points, baseline);
  const text = { fill: chartPalette.text, fontSize: CHART_FONT_SIZE };
  const axisY = HEIGHT - MARGIN.bottom;
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <ChartFigure
      title={`Risk of ${conditionName} by the number of embryos`}
      summaryId={summaryId}
      summary={
        <p className={classes.summary}>
          Without selection the risk is {formatRiskPercent(baseline * 100)} whatever the number of
          embryos. Choosing {strategyName}, it is{' '}
          {first ? formatRiskPercent(first.result.selected * 100) : ''} with 1 embryo and{' '}
          {last ? formatRiskPercent(last.result.selected * 100) : ''} with 10.
        </p>
      }
      svgLabel={`Line chart of the risk of ${conditionName} with selection, for 1 to 10 embryos, against the risk without selection`}
      svgHeight={HEIGHT}
      footer={
        <ul className={classes.legend} aria-label="Legend">
          <li className={classes.legendItem}>
            <svg width="28" height="12" aria-hidden="true" focusable="false">
              <line x1="0" x2="28" y1="6" y2="6" stroke={chartPalette.riskDot} strokeWidth="3" />
            </svg>
            Solid blue: with selection
          </li>
          <li className={classes.legendItem}>
            <svg width="28" height="12" aria-hidden="true" focusable="false">
              <line
                x1="0"
                x2="28"
                y1="6"
                y2="6"
                stroke={chartPalette.marker}
                strokeWidth="2"
                strokeDasharray="5 4"
              />
            </svg>
            Dashed black: without selection
          </li>
        </ul>
      }
      table={{
        caption: `Risk of ${conditionName} by the number of embryos`,
        columns: ['Embryos', 'Without selection', 'With selection', 'Relative reduction'],
        rows: points.map((point) => [
          String(point.embryos),
          formatRiskPercent(point.result.baseline * 100),
          formatRiskPercent(point.result.selected * 100),
          `${(point.result.relativeReduction * 100).toFixed(1)}%`,
        ]),
      }}
    >
      {layout.yTicks.map((tick) => (
        <g key={tick.value}>
          <line
            x1={MARGIN.left}
            x2={CHART_WIDTH - MARGIN.right}
            y1={tick.y}
            y2={tick.y}
            stroke={chartPalette.emptyDot}
            strokeWidth={0.5}
          />
          <text x={MARGIN.left - 6} y={tick.y + 4} textAnchor="end" {...text}>
            {tick.label}
          </text>
        </g>
      ))}
      <line
        x1={MARGIN.left}
        x2={CHART_WIDTH - MARGIN.right}
        y1={axisY}
        y2={axisY}
        stroke={chartPalette.axis}
      />
      {points.map((point) => (
        <text
          key={point.embryos}
          x={layout.x(point.embryos)}
          y={axisY + LABEL_LINE_HEIGHT + 2}
          textAnchor="middle"
          {...text}
        >
          {point.embryos}
        </text>
      ))}
      <text
        x={(MARGIN.left + CHART_WIDTH - MARGIN.right) / 2}
        y={axisY + 2 * LABEL_LINE_HEIGHT + 8}
        textAnchor="middle"
        {...text}
      >
        Number of embryos
      </text>
      <line
        x1={MARGIN.left}
        x2={CHART_WIDTH - MARGIN.right}
        y1={layout.baselineY}
        y2={layout.baselineY}
        stroke={chartPalette.marker}
        strokeWidth={2}
        strokeDasharray="5 4"
        data-chart-part="baseline"
      />
      <path
        d={layout.path}
        fill="none"
        stroke={chartPalette.riskDot}
        strokeWidth={3}
        data-chart-part="selected"
      />
      {points.map((point) => (
        <circle
          key={point.embryos}
          cx={layout.x(point.embryos)}
          cy={layout.y(point.result.selected * 100)}
          r={4}
          fill={chartPalette.riskDot}
        />
      ))}
    </ChartFigure>
  );
}
