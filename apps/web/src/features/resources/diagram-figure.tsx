import { useId, type ReactNode } from 'react';
import classes from './resources.module.css';

/**
 * A guide's diagram: one SVG image whose accessible name is its <title> and whose description
 * is its <desc> (everything the drawing shows, in words), with a visible caption. The SVG scales
 * to the width of its container through its viewBox, so it fits a phone, and prints whole.
 */
export function DiagramFigure({
  title,
  description,
  caption,
  width,
  height,
  children,
}: {
  title: string;
  description: string;
  /** The visible caption under the drawing. */
  caption: ReactNode;
  /** The drawing's size in viewBox units. */
  width: number;
  height: number;
  children: ReactNode;
}) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <figure className={classes.figure}>
      <svg
        className={classes.diagram}
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>{title}</title>
        <desc id={descriptionId}>{description}</desc>
        {children}
      </svg>
      <figcaption className={classes.caption}>{caption}</figcaption>
    </figure>
  );
}

/** Lines of text in a diagram, one <tspan> each (SVG text does not wrap by itself). */
export function TextLines({
  x,
  y,
  lines,
  lineHeight = 18,
  className,
  anchor = 'start',
}: {
  x: number;
  y: number;
  lines: readonly string[];
  lineHeight?: number;
  className?: string;
  anchor?: 'start' | 'middle' | 'end';
}) {
  return (
    <text x={x} y={y} className={className} textAnchor={anchor}>
      {lines.map((line, index) => (
        <tspan key={`${String(index)}-${line}`} x={x} dy={index === 0 ? 0 : lineHeight}>
          {line}
        </tspan>
      ))}
    </text>
  );
}
