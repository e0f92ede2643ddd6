import { Table } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { CHART_WIDTH } from './chart-layout.ts';
import classes from './charts.module.css';

export interface ChartTable {
  /** Says what the rows are; screen readers announce it with the table. */
  readonly caption: string;
  /** Column headings; the first column heads the rows. */
  readonly columns: readonly string[];
  /** One entry per row, one cell per column; the first cell is the row's heading. */
  readonly rows: readonly (readonly string[])[];
}

interface ChartFigureProps {
  readonly title: string;
  /** The chart in words, shown before the drawing (the drawing repeats it, never the reverse). */
  readonly summary: ReactNode;
  /** Id of the element holding the summary, so the drawing can point at it. */
  readonly summaryId: string;
  /** The drawing's accessible name. */
  readonly svgLabel: string;
  readonly svgHeight: number;
  /** The drawing's contents, in viewBox units (CHART_WIDTH wide). */
  readonly children: ReactNode;
  /** Shown below the drawing, e.g. a legend or a note on rounding. */
  readonly footer?: ReactNode;
  readonly table: ChartTable;
}

/**
 * What every report chart shares: a figure whose caption is its title, the sentence first, an
 * SVG that scales to its container (viewBox, width 100 %), and the same numbers as a table
 * behind a native disclosure (keyboard and screen-reader friendly, and no script needed).
 * The SVG is one image to assistive technology: its name says what it shows and its
 * description is the summary, so nobody has to explore shapes.
 */
export function ChartFigure({
  title,
  summary,
  summaryId,
  svgLabel,
  svgHeight,
  children,
  footer,
  table,
}: ChartFigureProps) {
  const titleId = useId();
  return (
    // Named by its caption explicitly too: not every browser and screen reader derives it.
    <figure className={classes.figure} aria-labelledby={titleId}>
      <figcaption id={titleId} className={classes.title}>
        {title}
      </figcaption>
      <div id={summaryId} className={classes.summary}>
        {summary}
      </div>
      <svg
        className={classes.svg}
        viewBox={`0 0 ${CHART_WIDTH} ${svgHeight}`}
        width="100%"
        role="img"
        aria-label={svgLabel}
        aria-describedby={summaryId}
        preserveAspectRatio="xMidYMid meet"
      >
        {children}
      </svg>
      {footer}
      {table.rows.length === 0 ? null : (
        <details className={classes.details}>
          <summary>Show the numbers as a table</summary>
          <div className={classes.tableScroll}>
            <Table captionSide="top">
              <Table.Caption className={classes.tableCaption}>{table.caption}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {table.columns.map((column) => (
                    <Table.Th key={column} scope="col">
                      {column}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {table.rows.map(([heading = '', ...cells], rowIndex) => (
                  <Table.Tr key={`${heading}-${rowIndex}`}>
                    <Table.Th scope="row">{heading}</Table.Th>
                    {cells.map((cell, cellIndex) => (
                      <Table.Td key={cellIndex}>{cell}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        </details>
      )}
    </figure>
  );
}
