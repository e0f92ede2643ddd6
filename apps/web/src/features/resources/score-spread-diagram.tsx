import { chartPalette } from '../../theme.ts';
import { DiagramFigure, TextLines } from './diagram-figure.tsx';
import classes from './resources.module.css';

/**
 * The shape of diagram (c), in standard deviations of everyone's scores: the parents' average,
 * the spread of their embryos' scores (siblings' scores vary half as much as everyone's, so the
 * standard deviation is √½ of it), and five embryos at the expected positions of five draws
 * (the expected order statistics of five standard normals: ±1.163, ±0.495, 0).
 */
export const SPREAD_EXAMPLE = {
  parentsAverage: 0.6,
  siblingSd: Math.SQRT1_2,
  embryoPositions: [-1.163, -0.495, 0, 0.495, 1.163],
} as const;

const WIDTH = 360;
const HEIGHT = 292;
const LEFT = 20;
const RIGHT = 340;
const BASELINE = 220;
const Z_MIN = -3.5;
const Z_MAX = 3.5;
const DENSITY_SCALE = 266;

const x = (z: number) => LEFT + ((z - Z_MIN) / (Z_MAX - Z_MIN)) * (RIGHT - LEFT);

function normalDensity(z: number, mean: number, sd: number): number {
  const u = (z - mean) / sd;
  return Math.exp(-0.5 * u * u) / (sd * Math.sqrt(2 * Math.PI));
}

function curvePath(mean: number, sd: number, closed: boolean): string {
  const steps = 140;
  const points = Array.from({ length: steps + 1 }, (_, i) => {
    const z = Z_MIN + ((Z_MAX - Z_MIN) * i) / steps;
    const y = BASELINE - normalDensity(z, mean, sd) * DENSITY_SCALE;
    return `${i === 0 ? 'M' : 'L'} ${x(z).toFixed(1)} ${y.toFixed(1)}`;
  });
  return closed
    ? `${points.join(' ')} L ${String(RIGHT)} ${String(BASELINE)} L ${String(LEFT)} ${String(BASELINE)} Z`
    : points.join(' ');
}

/**
 * Diagram (c): why choosing the embryo with the lowest score lowers risk only modestly. Embryos'
 * scores scatter around the parents' average, less widely than everyone's; the lowest of five
 * lies a little below that average, not at the low end of everyone's range.
 */
export function ScoreSpreadDiagram() {
  const { parentsAverage, siblingSd, embryoPositions } = SPREAD_EXAMPLE;
  const embryoScores = embryoPositions.map((position) => parentsAverage + position * siblingSd);
  const lowest = Math.min(...embryoScores);
  return (
    <DiagramFigure
      title="Embryos' scores spread around the parents' average"
      description={
        "A line of genetic scores for one condition, lower to the left. A wide, solid curve shows everyone's scores. " +
        "A narrower, dashed curve shows the scores the parents' embryos could have: it is centered on the parents' average, " +
        "marked by a dashed vertical line, and is narrower than everyone's. Five triangles mark five embryos. " +
        "The lowest lies a little below the parents' average and still well inside everyone's range, " +
        'so choosing it moves the score only part of the way down.'
      }
      caption="Figure 2. The embryos of one couple differ less from each other than people in general do. The lowest of five embryos is only somewhat below the parents' average."
      width={WIDTH}
      height={HEIGHT}
    >
      <path
        d={curvePath(0, 1, true)}
        fill={chartPalette.populationFill}
        fillOpacity={0.3}
        stroke="none"
      />
      <path
        d={curvePath(0, 1, false)}
        fill="none"
        stroke={chartPalette.populationLine}
        strokeWidth={2}
      />
      <path
        d={curvePath(parentsAverage, siblingSd, false)}
        fill="none"
        stroke={chartPalette.embryo}
        strokeWidth={2.5}
        strokeDasharray="7 4"
      />
      <line
        x1={x(parentsAverage)}
        x2={x(parentsAverage)}
        y1={44}
        y2={BASELINE}
        stroke={chartPalette.marker}
        strokeWidth={1.5}
        strokeDasharray="3 3"
      />
      <text x={x(parentsAverage)} y={36} className={classes.diagramSmall} textAnchor="middle">
        Parents&apos; average
      </text>
      <TextLines
        x={x(parentsAverage) + 30}
        y={66}
        lines={["Your embryos'", 'possible scores']}
        lineHeight={16}
        className={classes.diagramText}
      />
      <TextLines
        x={56}
        y={148}
        lines={["Everyone's", 'scores']}
        lineHeight={16}
        className={classes.diagramText}
        anchor="middle"
      />
      <line x1={x(-2.0)} x2={x(-1.7)} y1={172} y2={192} stroke={chartPalette.axis} />
      <line
        x1={LEFT}
        x2={RIGHT}
        y1={BASELINE}
        y2={BASELINE}
        stroke={chartPalette.axis}
        strokeWidth={1.5}
      />
      <text x={LEFT} y={250} className={classes.diagramSmall}>
        Lower score
      </text>
      <text x={RIGHT} y={250} className={classes.diagramSmall} textAnchor="end">
        Higher score
      </text>
      {embryoScores.map((score) => (
        <path
          key={score}
          d={`M ${x(score).toFixed(1)} ${String(BASELINE + 3)} l -6 11 l 12 0 z`}
          fill={score === lowest ? chartPalette.marker : chartPalette.embryo}
        />
      ))}
      <text x={x(lowest)} y={250} className={classes.diagramSmall} textAnchor="middle">
        Lowest
      </text>
      <text x={LEFT} y={280} className={classes.diagramSmall}>
        Triangles: five embryos (black: the lowest).
      </text>
    </DiagramFigure>
  );
}
