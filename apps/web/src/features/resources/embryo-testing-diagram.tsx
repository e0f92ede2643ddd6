import { chartPalette } from '../../theme.ts';
import { DiagramFigure, TextLines } from './diagram-figure.tsx';
import classes from './resources.module.css';

/** The five steps, in words: drawn beside their pictures and read out as the description. */
export const EMBRYO_TESTING_STEPS = [
  {
    title: '1. IVF',
    lines: [
      'Eggs are fertilized in the lab.',
      'The embryos grow for 5 to 6',
      'days, until they are blastocysts.',
    ],
  },
  {
    title: '2. Biopsy',
    lines: [
      'A few cells are taken from the',
      'outer layer, the trophectoderm,',
      'which becomes the placenta. The',
      'embryos are frozen meanwhile.',
    ],
  },
  {
    title: '3. Genotyping',
    lines: [
      'The DNA of those cells is copied',
      "and read. The parents' DNA often",
      'helps to fill in the gaps.',
    ],
  },
  {
    title: '4. Report',
    lines: [
      "The lab reports each embryo's",
      'chromosomes, single-gene',
      'findings and genetic scores.',
    ],
  },
  {
    title: '5. Choice',
    lines: ['You and your clinic decide which', 'embryo to transfer, if any.'],
  },
] as const;

const WIDTH = 360;
const STEP_HEIGHT = 112;
const ICON_X = 44;

function Icon({ step, cy }: { step: number; cy: number }) {
  const line = chartPalette.populationLine;
  switch (step) {
    case 0:
      // A culture dish with three embryos.
      return (
        <g>
          <ellipse cx={ICON_X} cy={cy} rx={34} ry={14} fill="none" stroke={line} strokeWidth={2} />
          {[-14, 0, 14].map((dx) => (
            <circle
              key={dx}
              cx={ICON_X + dx}
              cy={cy}
              r={5}
              fill={chartPalette.populationFill}
              stroke={line}
            />
          ))}
        </g>
      );
    case 1:
      // A blastocyst: the outer layer of cells, the inner cell mass, and a pipette taking a few
      // outer cells.
      return (
        <g>
          <circle
            cx={ICON_X - 8}
            cy={cy}
            r={26}
            fill="none"
            stroke={line}
            strokeWidth={5}
            strokeDasharray="6 3"
          />
          <path
            d={`M ${ICON_X - 30} ${cy - 4} A 22 22 0 0 1 ${ICON_X - 8} ${cy - 22} L ${ICON_X - 8} ${cy - 4} Z`}
            fill={chartPalette.populationFill}
            stroke={line}
          />
          <rect
            x={ICON_X + 20}
            y={cy - 4}
            width={22}
            height={8}
            fill="none"
            stroke={chartPalette.marker}
          />
          {[0, 6, 12].map((dx) => (
            <circle key={dx} cx={ICON_X + 24 + dx} cy={cy} r={2.5} fill={line} />
          ))}
        </g>
      );
    case 2:
      // A stretch of DNA: two strands and the rungs between them.
      return (
        <g>
          {[0, 1].map((strand) => (
            <path
              key={strand}
              d={Array.from({ length: 25 }, (_, i) => {
                const x = ICON_X - 30 + i * 2.5;
                const y = cy + (strand === 0 ? 1 : -1) * 14 * Math.sin((i / 24) * 2 * Math.PI);
                return `${i === 0 ? 'M' : 'L'} ${x.toFixed(1)} ${y.toFixed(1)}`;
              }).join(' ')}
              fill="none"
              stroke={line}
              strokeWidth={2}
            />
          ))}
          {[3, 6, 9, 15, 18, 21].map((i) => {
            const x = ICON_X - 30 + i * 2.5;
            const dy = 14 * Math.sin((i / 24) * 2 * Math.PI);
            return (
              <line key={i} x1={x} x2={x} y1={cy - dy} y2={cy + dy} stroke={chartPalette.axis} />
            );
          })}
        </g>
      );
    case 3:
      // A report: a page with lines of text.
      return (
        <g>
          <rect
            x={ICON_X - 20}
            y={cy - 26}
            width={40}
            height={52}
            fill={chartPalette.background}
            stroke={line}
            strokeWidth={2}
          />
          {[-14, -4, 6, 16].map((dy) => (
            <line
              key={dy}
              x1={ICON_X - 12}
              x2={ICON_X + 12}
              y1={cy + dy}
              y2={cy + dy}
              stroke={chartPalette.axis}
              strokeWidth={2}
            />
          ))}
        </g>
      );
    default:
      // A decision: a tick in a circle.
      return (
        <g>
          <circle cx={ICON_X} cy={cy} r={24} fill="none" stroke={line} strokeWidth={2} />
          <path
            d={`M ${ICON_X - 11} ${cy + 1} L ${ICON_X - 3} ${cy + 9} L ${ICON_X + 12} ${cy - 9}`}
            fill="none"
            stroke={chartPalette.marker}
            strokeWidth={3}
          />
        </g>
      );
  }
}

/**
 * Diagram (b): how embryo testing works, top to bottom, so that it reads the same on a phone: IVF,
 * biopsy of a few trophectoderm cells, genotyping, the report, and the choice.
 */
export function EmbryoTestingDiagram() {
  const height = STEP_HEIGHT * EMBRYO_TESTING_STEPS.length;
  return (
    <DiagramFigure
      title="How embryo testing works, in five steps"
      description={EMBRYO_TESTING_STEPS.map(
        (step) => `${step.title}: ${step.lines.join(' ')}`,
      ).join(' ')}
      caption="Figure 1. From IVF to a decision. The cells tested come from the outer layer, not from the inner cell mass that becomes the baby."
      width={WIDTH}
      height={height}
    >
      <defs>
        <marker
          id="embryo-steps-arrow"
          viewBox="0 0 10 10"
          refX="5"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M 0 0 L 10 5 L 0 10 z" fill={chartPalette.axis} />
        </marker>
      </defs>
      {EMBRYO_TESTING_STEPS.map((step, index) => {
        const top = index * STEP_HEIGHT;
        const iconY = top + 40;
        return (
          <g key={step.title}>
            <Icon step={index} cy={iconY} />
            <text x={96} y={top + 22} className={classes.diagramHeading}>
              {step.title}
            </text>
            <TextLines
              x={96}
              y={top + 42}
              lines={step.lines}
              lineHeight={18}
              className={classes.diagramText}
            />
            {index < EMBRYO_TESTING_STEPS.length - 1 && (
              <line
                x1={ICON_X}
                x2={ICON_X}
                y1={top + 74}
                y2={top + STEP_HEIGHT + 8}
                stroke={chartPalette.axis}
                strokeWidth={2}
                markerEnd="url(#embryo-steps-arrow)"
              />
            )}
          </g>
        );
      })}
    </DiagramFigure>
  );
}
