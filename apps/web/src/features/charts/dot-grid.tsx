/**
 * DotGrid: absolute lifetime risk of one disease as 100 dots, 10 by 10 (or, for rare risks
 * the calculator compares, 1,000 dots, 40 by 25, said 'About 5 in 1,000').
 *
 * What it shows: out of 100 people like you, how many develop the disease in their lifetime
 * (filled blue dots, counted row by row from the top left), and, for comparison, how many
 * people in the general population do (dots with a vermillion ring). The two are told apart by
 * shape, filled against ringed, as well as by color, and a legend names both.
 *
 * How to read it: count the filled dots. The sentence above the grid says it first, in words and
 * numbers: 'About 8 in 100 people like you develop type 2 diabetes in their lifetime (8.2%)'.
 * Rounding (packages/shared/src/charts.ts, dotCount): to the nearest whole dot; a risk under
 * 0.5 % fills no dot and says 'Fewer than 1 in 100', with a note under the grid, so an empty
 * grid is never read as no risk; from 99.5 % every dot is filled and it says 'More than 99 in
 * 100'.
 */
import { dotCount, formatRiskPercent, type DotsOutOf } from '@nestling/shared/charts';
import type { CatalogueEntry } from '@nestling/shared/catalogue/catalogue-entry';
import { useId } from 'react';
import { chartPalette } from '../../theme.ts';
import { ChartFigure } from './chart-figure.tsx';
import { CHART_WIDTH } from './chart-layout.ts';
import classes from './charts.module.css';

export interface DotGridProps {
  /** The disease, from the catalogue. */
  readonly entry: CatalogueEntry;
  /** The person's (or embryo's) absolute lifetime risk, in percent (0-100). */
  readonly lifetimeRiskPercent: number;
  /** The general population's average lifetime risk, in percent (0-100). */
  readonly populationAverageRiskPercent: number;
  /**
   * Who the risk is for, as it reads in 'About 8 in 100 … develop …': 'people like you' by
   * default; for an embryo, e.g. 'people with Embryo 2's genetic risk'.
   */
  readonly peopleDescription?: string | undefined;
  /**
   * 100 dots (10 by 10), or 1,000 (40 by 25) for rare risks, where two risks under 1 in 100
   * would otherwise fill the same single dot. Grids compared side by side share one.
   */
  readonly outOf?: DotsOutOf;
}

/** Each grid's shape: columns, rows, and the dot's and ring's sizes in its cell. */
function gridOf(outOf: DotsOutOf) {
  const columns = outOf === 100 ? 10 : 40;
  const cell = CHART_WIDTH / columns;
  return {
    columns,
    rows: outOf / columns,
    cell,
    dotRadius: cell * 0.3,
    ringRadius: cell * 0.43,
    ringWidth: outOf === 100 ? 3 : 1.2,
  };
}

/** Filled when i < filled, ringed when i < the average's count; dot 0 is top left. */
export function dotStates(filled: number, ringed: number, outOf: DotsOutOf = 100) {
  const { columns, cell } = gridOf(outOf);
  return Array.from({ length: outOf }, (_, index) => ({
    index,
    cx: (index % columns) * cell + cell / 2,
    cy: Math.floor(index / columns) * cell + cell / 2,
    filled: index < filled,
    ringed: index < ringed,
  }));
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function Swatch({ kind }: { kind: 'filled' | 'ringed' }) {
  return (
    <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true" focusable="false">
      {kind === 'filled' ? (
        <circle cx="11" cy="11" r="7" fill={chartPalette.riskDot} />
      ) : (
        <>
          <circle
            cx="11"
            cy="11"
            r="6"
            fill={chartPalette.background}
            stroke={chartPalette.emptyDot}
          />
          <circle
            cx="11"
            cy="11"
            r="9.5"
            fill="none"
            stroke={chartPalette.averageRing}
            strokeWidth={2.5}
          />
        </>
      )}
    </svg>
  );
}

export function DotGrid({
  entry,
  lifetimeRiskPercent,
  populationAverageRiskPercent,
  peopleDescription = 'people like you',
  outOf = 100,
}: DotGridProps) {
  const summaryId = useId();
  const grid = gridOf(outOf);
  const total = outOf.toLocaleString('en-US');
  const risk = dotCount(lifetimeRiskPercent, outOf);
  const average = dotCount(populationAverageRiskPercent, outOf);
  const riskText = formatRiskPercent(lifetimeRiskPercent);
  const averageText = formatRiskPercent(populationAverageRiskPercent);
  const dots = dotStates(risk.filled, average.filled, outOf);

  return (
    <ChartFigure
      title={`${entry.name}: lifetime risk`}
      summaryId={summaryId}
      summary={
        <>
          <p className={classes.summary}>
            {risk.inWords} {peopleDescription} develop {entry.lowerName} in their lifetime (
            {riskText}).
          </p>
          <p className={classes.summary}>
            In the general population it is {lowerFirst(average.inWords)} ({averageText}).
          </p>
        </>
      }
      svgLabel={
        `${risk.filled} of ${total} dots filled for ${peopleDescription}; ` +
        `${average.filled} of ${total} ringed for the population average`
      }
      svgHeight={grid.rows * grid.cell}
      footer={
        <>
          <ul className={classes.legend} aria-label="Legend">
            <li className={classes.legendItem}>
              <Swatch kind="filled" />
              Filled: {peopleDescription} who develop it ({risk.filled})
            </li>
            <li className={classes.legendItem}>
              <Swatch kind="ringed" />
              Ringed: the population average ({average.filled})
            </li>
          </ul>
          {risk.filled === 0 ? (
            <p className={classes.summary}>
              No dot is filled because the risk, {riskText}, is below 1 in {total}. It is not zero.
            </p>
          ) : null}
        </>
      }
      table={{
        caption: `${entry.name}: lifetime risk out of ${total} people`,
        columns: ['Who', 'Lifetime risk', `Out of ${total} people`],
        rows: [
          [
            peopleDescription.charAt(0).toUpperCase() + peopleDescription.slice(1),
            riskText,
            risk.inWords,
          ],
          ['Population average', averageText, average.inWords],
        ],
      }}
    >
      {dots.map((dot) => (
        <g key={dot.index} data-dot={dot.filled ? 'filled' : 'empty'} data-ringed={dot.ringed}>
          <circle
            cx={dot.cx}
            cy={dot.cy}
            r={grid.dotRadius}
            fill={dot.filled ? chartPalette.riskDot : chartPalette.background}
            stroke={dot.filled ? chartPalette.riskDot : chartPalette.emptyDot}
            strokeWidth={outOf === 100 ? 1.5 : 0.6}
          />
          {dot.ringed ? (
            <circle
              cx={dot.cx}
              cy={dot.cy}
              r={grid.ringRadius}
              fill="none"
              stroke={chartPalette.averageRing}
              strokeWidth={grid.ringWidth}
            />
          ) : null}
        </g>
      ))}
    </ChartFigure>
  );
}
