import { chartPalette } from '../../theme.ts';
import { DiagramFigure, TextLines } from './diagram-figure.tsx';
import classes from './resources.module.css';

/**
 * The worked example of the report guide: a score at the 90th percentile, for a rarer condition
 * (1 in 100 people) and a common one (30 in 100), with a score that explains a tenth of the
 * variation in liability. Under the liability threshold model that is a lifetime risk of about
 * 2.1 and 45.0 in 100 (diagrams.test.tsx recomputes both).
 */
export const PERCENTILE_EXAMPLE = {
  percentile: 90,
  varianceExplained: 0.1,
  rare: { averagePer100: 1, riskPer100: 2 },
  common: { averagePer100: 30, riskPer100: 45 },
} as const;

const WIDTH = 360;
const PANEL_HEIGHT = 250;
const LEFT = 20;
const STRIP_WIDTH = 320;
const CELL = 13;

function Panel({
  top,
  heading,
  averagePer100,
  riskPer100,
}: {
  top: number;
  heading: string;
  averagePer100: number;
  riskPer100: number;
}) {
  const markerX = LEFT + (PERCENTILE_EXAMPLE.percentile / 100) * STRIP_WIDTH;
  const gridTop = top + 112;
  return (
    <g>
      <text x={LEFT} y={top + 22} className={classes.diagramHeading}>
        {heading}
      </text>
      <text x={LEFT} y={top + 42} className={classes.diagramText}>
        On average, {averagePer100} in 100 people get it.
      </text>
      <text x={markerX + 2} y={top + 64} className={classes.diagramSmall} textAnchor="end">
        Score: {PERCENTILE_EXAMPLE.percentile}th percentile
      </text>
      <rect
        x={LEFT}
        y={top + 72}
        width={STRIP_WIDTH}
        height={12}
        fill={chartPalette.populationFill}
        fillOpacity={0.35}
        stroke={chartPalette.axis}
      />
      {[0, 50, 100].map((percentile) => (
        <g key={percentile}>
          <line
            x1={LEFT + (percentile / 100) * STRIP_WIDTH}
            x2={LEFT + (percentile / 100) * STRIP_WIDTH}
            y1={top + 84}
            y2={top + 90}
            stroke={chartPalette.axis}
          />
          <text
            x={LEFT + (percentile / 100) * STRIP_WIDTH}
            y={top + 102}
            className={classes.diagramSmall}
            textAnchor={percentile === 0 ? 'start' : percentile === 100 ? 'end' : 'middle'}
          >
            {percentile === 0 ? 'lowest' : percentile === 100 ? 'highest' : '50th'}
          </text>
        </g>
      ))}
      <line
        x1={markerX}
        x2={markerX}
        y1={top + 68}
        y2={top + 88}
        stroke={chartPalette.marker}
        strokeWidth={3}
      />
      {Array.from({ length: 100 }, (_, index) => {
        const filled = index < riskPer100;
        return (
          <circle
            key={index}
            cx={LEFT + (index % 10) * CELL + CELL / 2}
            cy={gridTop + Math.floor(index / 10) * CELL + CELL / 2}
            r={4.5}
            fill={filled ? chartPalette.riskDot : chartPalette.background}
            stroke={filled ? chartPalette.riskDot : chartPalette.emptyDot}
            strokeWidth={1.2}
          />
        );
      })}
      <text x={162} y={gridTop + 30} className={classes.diagramHeading}>
        About {riskPer100} in 100
      </text>
      <TextLines
        x={162}
        y={gridTop + 52}
        className={classes.diagramText}
        lines={['people with this score', 'develop the condition in', 'their lifetime.']}
      />
    </g>
  );
}

/**
 * Diagram (a): the same percentile is a small absolute risk for a rare condition and a large one
 * for a common condition. Each panel shows where the score sits among everyone's and, as 100
 * dots like the report's dot grid, how many people with that score develop the condition.
 */
export function PercentileRiskDiagram() {
  const { percentile, rare, common } = PERCENTILE_EXAMPLE;
  const legendTop = PANEL_HEIGHT * 2 + 16;
  return (
    <DiagramFigure
      title="The same percentile, two very different risks"
      description={
        `Two conditions, each with a genetic score at the ${String(percentile)}th percentile: ` +
        `higher than ${String(percentile)} in 100 people. For a rarer condition that ` +
        `${String(rare.averagePer100)} in 100 people get, that score means a lifetime risk of ` +
        `about ${String(rare.riskPer100)} in 100: ${String(rare.riskPer100)} of 100 dots are ` +
        `filled. For a common condition that ${String(common.averagePer100)} in 100 people get, ` +
        `the same percentile means a lifetime risk of about ${String(common.riskPer100)} in 100: ` +
        `${String(common.riskPer100)} of 100 dots are filled.`
      }
      caption={
        <>
          Figure 1. A score at the {percentile}th percentile is about {rare.riskPer100} in 100 for a
          rarer condition and about {common.riskPer100} in 100 for a common one. Filled dots: people
          who develop the condition.
        </>
      }
      width={WIDTH}
      height={legendTop + 28}
    >
      <Panel
        top={0}
        heading="A rarer condition"
        averagePer100={rare.averagePer100}
        riskPer100={rare.riskPer100}
      />
      <line
        x1={LEFT}
        x2={LEFT + STRIP_WIDTH}
        y1={PANEL_HEIGHT}
        y2={PANEL_HEIGHT}
        stroke={chartPalette.emptyDot}
      />
      <Panel
        top={PANEL_HEIGHT + 4}
        heading="A common condition"
        averagePer100={common.averagePer100}
        riskPer100={common.riskPer100}
      />
      <circle cx={LEFT + 6} cy={legendTop + 8} r={5} fill={chartPalette.riskDot} />
      <text x={LEFT + 18} y={legendTop + 13} className={classes.diagramSmall}>
        Develops the condition
      </text>
      <circle
        cx={LEFT + 190}
        cy={legendTop + 8}
        r={5}
        fill={chartPalette.background}
        stroke={chartPalette.emptyDot}
      />
      <text x={LEFT + 202} y={legendTop + 13} className={classes.diagramSmall}>
        Does not
      </text>
    </DiagramFigure>
  );
}
